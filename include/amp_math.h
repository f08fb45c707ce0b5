#pragma once
// C++ AMP's math library: concurrency::fast_math and concurrency::precise_math.
#include "amp.h"
#include "tessera/amp/math.hpp"
