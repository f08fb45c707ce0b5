// CUB included before <sycl/sycl.hpp> (cub_with_sycl.hpp says what runs).
#include <cub/cub.cuh>

#include <sycl/sycl.hpp>

#include "cub_with_sycl.hpp"
