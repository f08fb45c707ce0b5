// Every figure the demo runs, in book order. Add new figures here (one line each).
#pragma once
#include "fig9_4.hpp"
#include "fig9_7.hpp"
#include "fig9_8.hpp"

namespace figures {

inline const figure all_figures[] = {
    {"fig9-4  matmul naive (float)", 512, run_fig9_4_float},
    {"fig9-4  matmul naive (int)", 256, run_fig9_4_int},
    {"fig9-7  local_accessor 1-D", 1u << 20, run_fig9_7},
    {"fig9-7  local_accessor 2-D", 256, run_fig9_7_2d},
    {"fig9-8  matmul local tiled (float)", 512, run_fig9_8_float},
    {"fig9-8  matmul local tiled (int)", 256, run_fig9_8_int},
};

} // namespace figures
