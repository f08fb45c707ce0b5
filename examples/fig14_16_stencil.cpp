// Figure 14-16: a 5-point stencil as a basic 2-D kernel.
// Usage: fig14_16_stencil [size]
#include "figures/fig14_16.hpp"

int main(int argc, char** argv) {
  int failed = 0;
  failed |= figures::run_standalone("fig14-16 stencil", figures::run_fig14_16, 1024, argc, argv);
  return failed != 0 ? 1 : 0;
}
