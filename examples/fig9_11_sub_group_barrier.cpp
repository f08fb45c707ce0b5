// Figure 9-11: sub_group queries and sg.barrier().
// Usage: fig9_11_sub_group_barrier [size]
#include "figures/fig9_11.hpp"

int main(int argc, char** argv) {
  int failed = 0;
  failed |= figures::run_standalone("fig9-11 sub-group queries and barrier", figures::run_fig9_11, 1u << 14, argc, argv);
  return failed != 0 ? 1 : 0;
}
