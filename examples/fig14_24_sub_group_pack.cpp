// Figures 14-23 and 14-24: group pack and a sub-group-pack neighbour list.
// Usage: fig14_24_sub_group_pack [size]   (the size is used by both figures)
#include "figures/fig14_24.hpp"

int main(int argc, char** argv) {
  int failed = 0;
  failed |= figures::run_standalone("fig14-23 work-group pack", figures::run_fig14_23, 1u << 14, argc, argv);
  failed |= figures::run_standalone("fig14-24 sub-group pack neighbour list", figures::run_fig14_24, 256, argc, argv);
  return failed != 0 ? 1 : 0;
}
