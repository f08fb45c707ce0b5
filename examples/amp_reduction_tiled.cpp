// C++ AMP: a tiled tree reduction in tile_static memory, one tile_static fence per level.
#include "figures/amp_tiles.hpp"

int main(int argc, char** argv) {
  return figures::run_standalone("C++ AMP reduction tiled 256 (int)", figures::run_amp_reduction, 1u << 20, argc,
                                 argv);
}
