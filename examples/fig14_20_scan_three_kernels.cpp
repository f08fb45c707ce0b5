// Figures 14-20 to 14-22: an inclusive scan in three kernels.
// Usage: fig14_20_scan_three_kernels [N]
#include "figures/fig14_20.hpp"

int main(int argc, char** argv) {
  int failed = 0;
  failed |= figures::run_standalone("fig14-20..22 scan (three kernels)", figures::run_fig14_20, 1u << 14, argc, argv);
  return failed != 0 ? 1 : 0;
}
