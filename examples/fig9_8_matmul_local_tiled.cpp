// Figure 9-8: tiled matrix multiplication with nd_range<2>{{M, N}, {1, tile_size}}, a
// local_accessor tile of A and two item.barrier() calls per tile.
// Usage: fig9_8_matmul_local_tiled [size]   (size must be a multiple of 16; default 512)
#include "figures/fig9_8.hpp"

int main(int argc, char** argv) {
  const int f = figures::run_standalone("fig9-8 matmul local tiled (float)", figures::run_fig9_8_float, 512, argc,
                                        argv);
  const int i = figures::run_standalone("fig9-8 matmul local tiled (int)", figures::run_fig9_8_int, 256, argc, argv);
  return f != 0 || i != 0 ? 1 : 0;
}
