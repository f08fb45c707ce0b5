// Shared by the dpl_*_test files: the policies every algorithm runs under (a device policy on the
// default device, oneDPL's par_unseq and seq host policies), the sizes every algorithm is checked
// at, USM-backed vectors, and deterministic data.
#pragma once
#include <oneapi/dpl/algorithm>
#include <oneapi/dpl/execution>
#include <oneapi/dpl/iterator>
#include <oneapi/dpl/numeric>
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

namespace dpl_test {

enum class where { device, par_unseq, seq };

inline sycl::queue& queue() {
  static sycl::queue q;
  return q;
}

// Calls f with the policy for w (each is a different type, so f is generic).
template <typename F>
void with_policy(where w, F&& f) {
  switch (w) {
  case where::device: return f(oneapi::dpl::execution::make_device_policy(queue()));
  case where::par_unseq: return f(oneapi::dpl::execution::par_unseq);
  case where::seq: return f(oneapi::dpl::execution::seq);
  }
}

template <typename T>
using usm_vector = std::vector<T, sycl::usm_allocator<T, sycl::usm::alloc::shared>>;

template <typename T>
usm_vector<T> usm(const std::vector<T>& v) {
  usm_vector<T> u(v.size(), sycl::usm_allocator<T, sycl::usm::alloc::shared>(queue()));
  std::copy(v.begin(), v.end(), u.begin());
  return u;
}

// Values in [0, range): a linear congruential sequence from seed.
template <typename T = int>
std::vector<T> data(std::size_t n, std::uint64_t seed = 1, std::uint64_t range = 1000) {
  std::vector<T> v(n);
  for (auto& x : v) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    x = static_cast<T>((seed >> 33) % range);
  }
  return v;
}

// 0, 1, 31, 2^10 + 7 and 2^20 elements, under each policy.
using param = std::tuple<where, std::size_t>;
inline auto cases() {
  return ::testing::Combine(::testing::Values(where::device, where::par_unseq, where::seq),
                            ::testing::Values(std::size_t{0}, std::size_t{1}, std::size_t{31}, std::size_t{1031},
                                              std::size_t{1} << 20));
}
inline std::string name(const ::testing::TestParamInfo<param>& info) {
  const char* w[] = {"device", "par_unseq", "seq"};
  return std::string(w[static_cast<int>(std::get<0>(info.param))]) + "_" + std::to_string(std::get<1>(info.param));
}

class sized : public ::testing::TestWithParam<param> {
protected:
  where policy() const { return std::get<0>(GetParam()); }
  std::size_t n() const { return std::get<1>(GetParam()); }
};

} // namespace dpl_test
