#pragma once
#include <algorithm>
#include <array>
#include <cstddef>
#include <memory>
#include <tuple>
#include <type_traits>

#include "sycl/reducer.hpp"

namespace tessera::detail {

struct reduction_tag {};
template <typename R>
inline constexpr bool is_reduction_v = std::is_base_of_v<reduction_tag, std::decay_t<R>>;
// parallel_for's arguments after the range: at least one reduction, then the kernel.
template <typename... Args>
inline constexpr bool reductions_then_kernel_v =
    sizeof...(Args) >= 2 && is_reduction_v<std::tuple_element_t<0, std::tuple<Args...>>>;

// One reduction variable as a launch sees it: `target.data()` is where the result goes (resolved
// at run time, as a buffer's accessor needs), `count` elements of it, one unless Array.
template <typename T, typename Op, typename Target, bool Array>
struct reduction_var : reduction_tag {
  Target target;
  std::size_t count;
  T identity;
  Op op;
  bool initialize_to_identity;

  // A partial result: one accumulator per element, starting at the identity.
  using storage = std::conditional_t<Array, std::unique_ptr<T[]>, std::array<T, 1>>;

  storage fresh() const {
    if constexpr (Array) {
      storage s(new T[count]);
      std::fill_n(s.get(), count, identity);
      return s;
    } else {
      return {identity};
    }
  }
  sycl::reducer<T, Op, Array ? 1 : 0> reducer_over(storage& s) const { return {&s[0], identity, op}; }
  void add(storage& total, const storage& part) const {
    for (std::size_t i = 0; i < count; ++i) total[i] = op(total[i], part[i]);
  }
  // Without initialize_to_identity the variable's original value takes part (§4.9.2.1).
  void write(const storage& total) const {
    T* dst = target.data();
    for (std::size_t i = 0; i < count; ++i) dst[i] = initialize_to_identity ? total[i] : op(dst[i], total[i]);
  }
};

} // namespace tessera::detail
