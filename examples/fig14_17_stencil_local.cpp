// Figure 14-17: the 5-point stencil with tiles in local memory.
// Usage: fig14_17_stencil_local [size]
#include "figures/fig14_17.hpp"

int main(int argc, char** argv) {
  int failed = 0;
  failed |= figures::run_standalone("fig14-17 stencil local-memory tiles", figures::run_fig14_17, 256, argc, argv);
  return failed != 0 ? 1 : 0;
}
