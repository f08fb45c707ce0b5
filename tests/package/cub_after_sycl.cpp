// CUB included after <sycl/sycl.hpp> (cub_with_sycl.hpp says what runs).
#include <sycl/sycl.hpp>

#include <cub/cub.cuh>

#include "cub_with_sycl.hpp"
