// Kernels as DPC++ and C++ AMP programs write them, with nothing marked for the device: a functor,
// a free function, a function template, a member function, a lambda that calls them, and a C++ AMP
// kernel capturing an array by reference. `tessera++ --cuda` compiles it for the GPU through
// Tessera's device-code selection plugin (package.tessera++-cuda-unannotated); it runs on any device.
#include <amp.h>

#include <cstdio>

float scale(float x) { return 3.0f * x; }
template <typename T>
T plus_one(T x) {
  return x + T(1);
}
struct shifter {
  int by;
  int apply(int x) const { return x + by; }
};
class add_scaled {
public:
  explicit add_scaled(float* p) : p_(p) {}
  void operator()(sycl::id<1> i) const { p_[i] = plus_one(scale(p_[i])); }

private:
  float* p_;
};

int main() {
  sycl::queue q;
  constexpr int n = 64;
  float* f = sycl::malloc_shared<float>(n, q);
  int* k = sycl::malloc_shared<int>(n, q);
  for (int i = 0; i < n; ++i) f[i] = float(i), k[i] = i;
  q.parallel_for(sycl::range<1>(n), add_scaled(f)).wait();
  const shifter s{5};
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { k[i] = s.apply(plus_one(k[i])); }).wait();

  using namespace concurrency;
  std::vector<int> zeros(n, 0);
  array<int, 1> a(extent<1>(n), zeros.begin(), zeros.end(), accelerator(q.get_device()).get_default_view());
  parallel_for_each(a.get_accelerator_view(), a.extent, [&a](concurrency::index<1> i) restrict(amp) { a[i] = 2 * i[0]; });
  const std::vector<int> av = a;

  int bad = 0;
  for (int i = 0; i < n; ++i) bad += f[i] != 3.0f * i + 1 || k[i] != i + 6 || av[i] != 2 * i;
  sycl::free(f, q), sycl::free(k, q);
  std::printf("%s on %s\n", bad ? "FAIL" : "OK", q.get_device().get_info<sycl::info::device::name>().c_str());
  return bad ? 1 : 0;
}
