// Consumer of an installed Tessera (C++17): squares numbers in place with a SYCL kernel.
#include <sycl/sycl.hpp>

#include <cstddef>
#include <exception>
#include <iostream>
#include <vector>

int main() {
  constexpr std::size_t n = 256;
  std::vector<float> data(n);
  for (std::size_t i = 0; i < n; ++i) data[i] = static_cast<float>(i);

  try {
    sycl::queue q;
    {
      sycl::buffer<float, 1> buf(data.data(), sycl::range<1>(n));
      q.submit([&](sycl::handler& h) {
        sycl::accessor acc{buf, h, sycl::read_write};
        h.parallel_for(sycl::range<1>(n), [=](sycl::item<1> it) {
          const auto i = it.get_id(0);
          acc[i] = acc[i] * acc[i];
        });
      });
      q.wait_and_throw();
    }  // the buffer writes back to data here
  } catch (const std::exception& e) {
    std::cerr << "tessera_consumer: exception: " << e.what() << "\n";
    return 1;
  }

  for (std::size_t i = 0; i < n; ++i) {
    const float expected = static_cast<float>(i) * static_cast<float>(i);
    if (data[i] != expected) {
      std::cerr << "tessera_consumer: data[" << i << "] = " << data[i] << ", expected "
                << expected << "\n";
      return 1;
    }
  }
  std::cout << "tessera_consumer: OK (" << n << " squares)\n";
  return 0;
}
