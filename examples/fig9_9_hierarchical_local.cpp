// Figure 9-9: hierarchical kernel with a work-group-scope local array.
// Usage: fig9_9_hierarchical_local [size]
#include "figures/fig9_9.hpp"

int main(int argc, char** argv) {
  int failed = 0;
  failed |= figures::run_standalone("fig9-9 hierarchical local array", figures::run_fig9_9, 1u << 16, argc, argv);
  return failed != 0 ? 1 : 0;
}
