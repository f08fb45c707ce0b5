// Figure 14-19: a reduction with reduce_over_group and atomics.
// Usage: fig14_19_reduction_group [N]
#include "figures/fig14_19.hpp"

int main(int argc, char** argv) {
  int failed = 0;
  failed |= figures::run_standalone("fig14-19 reduction reduce_over_group", figures::run_fig14_19, 1u << 16, argc, argv);
  return failed != 0 ? 1 : 0;
}
