// C++ AMP: the classic tiled matrix multiply (16x16 tiles of A and B in tile_static memory).
// Usage: amp_matmul_tiled [size]   (a multiple of 16; default 512)
#include "figures/amp_tiles.hpp"

int main(int argc, char** argv) {
  return figures::run_standalone("C++ AMP matmul tiled 16 (float)", figures::run_amp_matmul, 512, argc, argv);
}
