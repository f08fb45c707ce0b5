// Every figure the demo runs, in book order. Add new figures here (one line each).
#pragma once
#include "fig9_4.hpp"
#include "fig9_7.hpp"
#include "fig9_8.hpp"
#include "fig9_9.hpp"
#include "fig9_10.hpp"
#include "fig9_11.hpp"
#include "fig9_14.hpp"
#include "fig14_8.hpp"
#include "fig14_11.hpp"
#include "fig14_12.hpp"
#include "fig14_13.hpp"
#include "fig14_15.hpp"
#include "fig14_16.hpp"
#include "fig14_17.hpp"
#include "fig14_18.hpp"
#include "fig14_19.hpp"
#include "fig14_20.hpp"
#include "fig14_24.hpp"
#include "fig14_26.hpp"
// Last: <amp.h> defines the macros `restrict` and `tile_static`.
#include "amp_tiles.hpp"

namespace figures {

inline const figure all_figures[] = {
    {"fig9-4  matmul naive (float)", 512, run_fig9_4_float},
    {"fig9-4  matmul naive (int)", 256, run_fig9_4_int},
    {"fig9-7  local_accessor 1-D", 1u << 20, run_fig9_7},
    {"fig9-7  local_accessor 2-D", 256, run_fig9_7_2d},
    {"fig9-8  matmul local tiled (float)", 512, run_fig9_8_float},
    {"fig9-8  matmul local tiled (int)", 256, run_fig9_8_int},
    {"fig9-9  hierarchical local array", 1u << 16, run_fig9_9},
    {"fig9-10 matmul hierarchical (float)", 256, run_fig9_10_float},
    {"fig9-10 matmul hierarchical (int)", 128, run_fig9_10_int},
    {"fig9-11 sub-group queries + barrier", 1u << 14, run_fig9_11},
    {"fig9-14 matmul sg broadcast (float)", 64, run_fig9_14_float},
    {"fig9-14 matmul sg broadcast (int)", 64, run_fig9_14_int},
    {"fig14-8  reduction library sum", 1u << 20, run_fig14_8},
    {"fig14-11 reduction histogram (span)", 1u << 20, run_fig14_11},
    {"fig14-12 reduction minloc (user op)", 1u << 20, run_fig14_12},
    {"fig14-13 std/joint/group reduce", 1024, run_fig14_13},
    {"fig14-15 map sqrt", 1u << 20, run_fig14_15},
    {"fig14-16 stencil", 1024, run_fig14_16},
    {"fig14-17 stencil local-memory tiles", 256, run_fig14_17},
    {"fig14-18 reduction atomic_ref", 1u << 20, run_fig14_18},
    {"fig14-19 reduction reduce_over_group", 1u << 16, run_fig14_19},
    {"fig14-20..22 scan (three kernels)", 1u << 14, run_fig14_20},
    {"fig14-23 work-group pack", 1u << 14, run_fig14_23},
    {"fig14-24 sub-group pack neighbours", 256, run_fig14_24},
    {"fig14-25 sub-group unpack", 1u << 14, run_fig14_25},
    {"fig14-26 unpack Mandelbrot", 64, run_fig14_26},
    {"C++ AMP tile averages, 4 waits", 8, run_amp_sampling},
    {"C++ AMP matmul tiled 16 (float)", 256, run_amp_matmul},
    {"C++ AMP reduction tiled 256", 1u << 20, run_amp_reduction},
};

} // namespace figures
