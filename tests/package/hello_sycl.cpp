// A small SYCL 2020 program built with the installed tessera++ by the package.tessera++
// test: vector addition with buffers, accessors, parallel_for and a host_accessor.
#include <sycl/sycl.hpp>

#include <cstddef>
#include <exception>
#include <iostream>
#include <vector>

int main() {
  constexpr std::size_t n = 1024;
  std::vector<int> a(n), b(n), c(n, -1);
  for (std::size_t i = 0; i < n; ++i) {
    a[i] = static_cast<int>(i);
    b[i] = static_cast<int>(2 * i);
  }

  try {
    sycl::queue q;
    std::cout << "hello_sycl: running on "
              << q.get_device().get_info<sycl::info::device::name>() << "\n";

    sycl::buffer<int, 1> buf_a(a.data(), sycl::range<1>(n));
    sycl::buffer<int, 1> buf_b(b.data(), sycl::range<1>(n));
    sycl::buffer<int, 1> buf_c(c.data(), sycl::range<1>(n));

    q.submit([&](sycl::handler& h) {
      sycl::accessor in_a{buf_a, h, sycl::read_only};
      sycl::accessor in_b{buf_b, h, sycl::read_only};
      sycl::accessor out{buf_c, h, sycl::write_only, sycl::no_init};
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { out[i] = in_a[i] + in_b[i]; });
    });

    sycl::host_accessor result{buf_c, sycl::read_only};
    long long sum = 0;
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < n; ++i) {
      sum += result[i];
      if (result[i] != static_cast<int>(3 * i)) {
        if (wrong < 5) {
          std::cerr << "hello_sycl: c[" << i << "] = " << result[i] << ", expected " << 3 * i
                    << "\n";
        }
        ++wrong;
      }
    }
    const long long expected = 3LL * (static_cast<long long>(n) * (n - 1) / 2);
    std::cout << "hello_sycl: sum = " << sum << " (expected " << expected << ")\n";
    if (wrong != 0 || sum != expected) {
      std::cerr << "hello_sycl: FAILED, " << wrong << " wrong elements\n";
      return 1;
    }
  } catch (const sycl::exception& e) {
    std::cerr << "hello_sycl: SYCL exception: " << e.what() << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "hello_sycl: exception: " << e.what() << "\n";
    return 1;
  }
  std::cout << "hello_sycl: OK\n";
  return 0;
}
