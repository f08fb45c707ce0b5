// Figure 14-13: std::reduce, joint_reduce and reduce_over_group.
// Usage: fig14_13_reduce_variants [number_of_reductions]
#include "figures/fig14_13.hpp"

int main(int argc, char** argv) {
  int failed = 0;
  failed |= figures::run_standalone("fig14-13 std::reduce/joint_reduce/reduce_over_group", figures::run_fig14_13, 1024, argc, argv);
  return failed != 0 ? 1 : 0;
}
