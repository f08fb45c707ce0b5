// Figure 9-4: naive matrix multiplication, parallel_for(range{M, N}) over buffers.
// Usage: fig9_4_matmul_naive [size]   (square size x size matrices; default 512)
#include "figures/fig9_4.hpp"

int main(int argc, char** argv) {
  const int f = figures::run_standalone("fig9-4 matmul naive (float)", figures::run_fig9_4_float, 512, argc, argv);
  const int i = figures::run_standalone("fig9-4 matmul naive (int)", figures::run_fig9_4_int, 256, argc, argv);
  return f != 0 || i != 0 ? 1 : 0;
}
