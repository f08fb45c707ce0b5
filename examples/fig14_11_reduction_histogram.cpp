// Figure 14-11: a histogram as an array reduction over a span.
// Usage: fig14_11_reduction_histogram [N]
#include "figures/fig14_11.hpp"

int main(int argc, char** argv) {
  int failed = 0;
  failed |= figures::run_standalone("fig14-11 reduction histogram (span)", figures::run_fig14_11, 1u << 20, argc, argv);
  return failed != 0 ? 1 : 0;
}
