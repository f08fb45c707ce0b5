// A category whose cases pass (one runs a kernel on Tessera's default device) or skip.
#include "fake_catch2.hpp"

#include <sycl/sycl.hpp>

static fake_outcome kernel_runs() {
  sycl::queue q;
  int* data = sycl::malloc_shared<int>(64, q);
  q.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) { data[i] = static_cast<int>(i[0]) * 2; }).wait();
  int wrong = 0;
  for (int i = 0; i < 64; ++i) wrong += data[i] != 2 * i;
  sycl::free(data, q);
  return wrong == 0 ? fake_outcome::passed : fake_outcome::failed;
}

static fake_outcome lacks_aspect() { return fake_outcome::skipped; }

std::vector<fake_case> fake_cases() { return {{"kernel runs", kernel_runs}, {"lacks aspect", lacks_aspect}}; }
