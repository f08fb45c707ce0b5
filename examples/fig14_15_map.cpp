// Figure 14-15: the map pattern (square roots).
// Usage: fig14_15_map [N]
#include "figures/fig14_15.hpp"

int main(int argc, char** argv) {
  int failed = 0;
  failed |= figures::run_standalone("fig14-15 map sqrt", figures::run_fig14_15, 1u << 20, argc, argv);
  return failed != 0 ? 1 : 0;
}
