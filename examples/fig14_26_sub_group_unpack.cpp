// Figures 14-25 and 14-26: sub-group unpack and a load-balanced Mandelbrot.
// Usage: fig14_26_sub_group_unpack [size]   (the size is used by both figures)
#include "figures/fig14_26.hpp"

int main(int argc, char** argv) {
  int failed = 0;
  failed |= figures::run_standalone("fig14-25 sub-group unpack", figures::run_fig14_25, 1u << 14, argc, argv);
  failed |= figures::run_standalone("fig14-26 unpack Mandelbrot", figures::run_fig14_26, 64, argc, argv);
  return failed != 0 ? 1 : 0;
}
