// Figure 9-7: declaring local accessors (1-D, 2-D) and using one in an nd_range kernel.
// Usage: fig9_7_local_accessor [size]
#include "figures/fig9_7.hpp"

int main(int argc, char** argv) {
  const int a = figures::run_standalone("fig9-7 local_accessor 1-D", figures::run_fig9_7, 1u << 20, argc, argv);
  const int b = figures::run_standalone("fig9-7 local_accessor 2-D", figures::run_fig9_7_2d, 256, argc, argv);
  return a != 0 || b != 0 ? 1 : 0;
}
