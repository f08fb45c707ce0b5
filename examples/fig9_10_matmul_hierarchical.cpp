// Figure 9-10: tiled matrix multiplication as a hierarchical kernel.
// Usage: fig9_10_matmul_hierarchical [size]
#include "figures/fig9_10.hpp"

int main(int argc, char** argv) {
  int failed = 0;
  failed |= figures::run_standalone("fig9-10 matmul hierarchical (float)", figures::run_fig9_10_float, 256, argc, argv);
  failed |= figures::run_standalone("fig9-10 matmul hierarchical (int)", figures::run_fig9_10_int, 128, argc, argv);
  return failed != 0 ? 1 : 0;
}
