// A kernel that reaches a host-only library call (std::cout) through an unannotated function:
// `tessera++ --cuda` must refuse it, naming the call chain (package.tessera++-cuda-host-call).
#include <sycl/sycl.hpp>

void log_value(int x) { std::cout << x << "\n"; }

int main() {
  sycl::queue q;
  int* p = sycl::malloc_shared<int>(4, q);
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { log_value(p[i]); }).wait();
}
