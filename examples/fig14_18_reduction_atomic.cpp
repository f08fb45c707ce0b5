// Figure 14-18: a reduction with atomic_ref.
// Usage: fig14_18_reduction_atomic [N]
#include "figures/fig14_18.hpp"

int main(int argc, char** argv) {
  int failed = 0;
  failed |= figures::run_standalone("fig14-18 reduction atomic_ref", figures::run_fig14_18, 1u << 20, argc, argv);
  return failed != 0 ? 1 : 0;
}
