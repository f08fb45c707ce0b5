#pragma once
#include <algorithm>
#include <array>
#include <cstddef>
#include <memory>
#include <tuple>
#include <type_traits>

#include "sycl/reducer.hpp"
#include "tessera/detail/macros.hpp"
#include "tessera/detail/partial_without_identity.hpp"

namespace tessera::detail {

struct reduction_tag {};
template <typename R>
inline constexpr bool is_reduction_v = std::is_base_of_v<reduction_tag, std::decay_t<R>>;
// parallel_for's arguments after the range: at least one reduction, then the kernel.
template <typename... Args>
inline constexpr bool reductions_then_kernel_v =
    sizeof...(Args) >= 2 && is_reduction_v<std::tuple_element_t<0, std::tuple<Args...>>>;

// One reduction variable as a launch sees it: `target.data()` is where the result goes (resolved
// at run time, as a buffer's accessor needs), `count` elements of it, one unless Array. Without an
// identity (HasIdentity false) the partial results are maybe<T>, combined by maybe_op<Op>, whose
// empty value `identity` is; a reduction with an identity keeps plain T and the user's combiner.
template <typename T, typename Op, typename Target, bool Array, bool HasIdentity = true>
struct reduction_var : reduction_tag {
  using accumulator = std::conditional_t<HasIdentity, T, maybe<T>>;
  using combiner = std::conditional_t<HasIdentity, Op, maybe_op<Op>>;
  using reducer_type = sycl::reducer<T, Op, Array ? 1 : 0, accumulator>;

  Target target;
  std::size_t count;
  accumulator identity;
  combiner op;
  bool initialize_to_identity;

  // A partial result: one accumulator per element, starting at the identity.
  using storage = std::conditional_t<Array, std::unique_ptr<accumulator[]>, std::array<accumulator, 1>>;

  storage fresh() const {
    if constexpr (Array) {
      storage s(new accumulator[count]);
      std::fill_n(s.get(), count, identity);
      return s;
    } else {
      return {identity};
    }
  }
  // The reducer a kernel gets over `acc` (`atomic`: shared with other work-items).
  TESSERA_HOST_DEVICE reducer_type reducer_at(accumulator* acc, bool atomic = false) const {
    if constexpr (HasIdentity)
      return {acc, identity, op, atomic};
    else
      return {acc, op.op, atomic};
  }
  reducer_type reducer_over(storage& s) const { return reducer_at(&s[0]); }
  void add(storage& total, const storage& part) const {
    for (std::size_t i = 0; i < count; ++i) total[i] = op(total[i], part[i]);
  }
  // Without initialize_to_identity the variable's original value takes part (§4.9.2.1). Without
  // an identity, an element that nothing was combined into keeps its value.
  TESSERA_HOST_DEVICE void write_element(T& dst, const accumulator& total) const {
    if constexpr (HasIdentity)
      dst = initialize_to_identity ? total : op(dst, total);
    else if (total.has)
      dst = initialize_to_identity ? total.value : op.op(dst, total.value);
  }
  void write(const storage& total) const {
    T* dst = target.data();
    for (std::size_t i = 0; i < count; ++i) write_element(dst[i], total[i]);
  }
};

} // namespace tessera::detail
