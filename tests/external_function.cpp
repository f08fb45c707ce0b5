#include "external_function.hpp"

SYCL_EXTERNAL int mixed(int x, int y) { return x * 31 + (y ^ 5); }

namespace shapes {
SYCL_EXTERNAL float area(float width, float height) { return width * height * 0.5f; }
} // namespace shapes

template <int Scale>
SYCL_EXTERNAL int scaled(int x) { return Scale * x - 1; }
template SYCL_EXTERNAL int scaled<3>(int);
