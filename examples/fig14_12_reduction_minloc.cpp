// Figure 14-12: a user-defined minloc reduction.
// Usage: fig14_12_reduction_minloc [N]
#include "figures/fig14_12.hpp"

int main(int argc, char** argv) {
  int failed = 0;
  failed |= figures::run_standalone("fig14-12 reduction minloc (user-defined)", figures::run_fig14_12, 1u << 20, argc, argv);
  return failed != 0 ? 1 : 0;
}
