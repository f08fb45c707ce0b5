// One nd_range kernel compiled for the device only at -O0 (package.tessera++-cuda-nd-range-O0):
// an unoptimised build launches one kernel for every work-group size, so the device code holds
// that kernel and its TESSERA_CHECK copy, not the three warp-fill specialisations as well.
#include <sycl/sycl.hpp>

int main() {
  sycl::queue q;
  int* p = sycl::malloc_shared<int>(64, q);
  q.parallel_for(sycl::nd_range<1>(64, 32), [=](sycl::nd_item<1> it) { p[it.get_global_id(0)] = 1; }).wait();
  sycl::free(p, q);
}
