// C++ AMP (seed 001): the article's tile averages of an 8x8 matrix (2x2 and 4x4 tiles) with
// tile_barrier::wait and its three fence variants, checked against the article's output.
#include "figures/amp_tiles.hpp"

int main(int argc, char** argv) {
  return figures::run_standalone("C++ AMP tile averages, four waits", figures::run_amp_sampling, 8, argc, argv);
}
