// Figure 9-14: tiled matrix multiplication with sub-group broadcasts.
// Usage: fig9_14_matmul_sub_group_broadcast [size]
#include "figures/fig9_14.hpp"

int main(int argc, char** argv) {
  int failed = 0;
  failed |= figures::run_standalone("fig9-14 matmul sub-group broadcast (float)", figures::run_fig9_14_float, 64, argc, argv);
  failed |= figures::run_standalone("fig9-14 matmul sub-group broadcast (int)", figures::run_fig9_14_int, 64, argc, argv);
  return failed != 0 ? 1 : 0;
}
