// Figure 14-8: a sum with the SYCL reduction library.
// Usage: fig14_8_reduction_sum [N]
#include "figures/fig14_8.hpp"

int main(int argc, char** argv) {
  int failed = 0;
  failed |= figures::run_standalone("fig14-8 reduction library sum", figures::run_fig14_8, 1u << 20, argc, argv);
  return failed != 0 ? 1 : 0;
}
