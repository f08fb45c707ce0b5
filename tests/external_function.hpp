#pragma once
#include <sycl/sycl.hpp>

// Device functions defined in external_function.cpp and called by kernels of
// external_function_test.cpp: another translation unit's SYCL_EXTERNAL functions, which a CUDA
// build reaches through relocatable device code (add_sycl_to_target RDC).
SYCL_EXTERNAL int mixed(int x, int y);
namespace shapes {
SYCL_EXTERNAL float area(float width, float height);
}
// A function template that external_function.cpp defines and instantiates explicitly.
template <int Scale>
SYCL_EXTERNAL int scaled(int x);
