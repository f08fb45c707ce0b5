#pragma once
#include <type_traits>
#include <utility>

#include "sycl/item.hpp"
#include "sycl/kernel_handler.hpp"
#include "tessera/detail/macros.hpp"

// The one place where every backend calls a user's kernel. SYCL 2020 lets a kernel take its
// item by value, by reference or by const reference, as `auto`, `auto&` or `const auto&`, as an
// id, or as `item<D>` (which is item<D, true>) when the launch makes an item<D, false>. Each
// launch therefore hands its item over as an lvalue; what that lvalue is is decided at compile
// time, so the call costs nothing over calling the kernel directly.
namespace tessera::detail {

#if defined(__GNUC__) || defined(__clang__)
#define TESSERA_ALWAYS_INLINE __attribute__((always_inline)) inline
#else
#define TESSERA_ALWAYS_INLINE inline
#endif

template <typename T>
struct offset_item_of {
  using type = T;
};
template <int D>
struct offset_item_of<sycl::item<D, false>> {
  using type = sycl::item<D, true>;
};

// A single_task kernel.
template <typename K>
TESSERA_HOST_DEVICE TESSERA_ALWAYS_INLINE void invoke(const K& k) {
  k();
}

// k(item, rest...): `item` is the launch's own copy, so a kernel taking `auto&` may bind to it;
// `rest` are reducers, then possibly a kernel_handler.
template <typename K, typename Item, typename... Rest>
TESSERA_HOST_DEVICE TESSERA_ALWAYS_INLINE void invoke(const K& k, Item item, Rest&... rest) {
  using offset_item = typename offset_item_of<Item>::type;
  if constexpr (std::is_invocable_v<const K&, Item&, Rest&...>) {
    k(item, rest...);
  } else if constexpr (!std::is_same_v<offset_item, Item> && std::is_invocable_v<const K&, offset_item&, Rest&...>) {
    // `sycl::item<D>& it` where the launch has no offset: item<D> is item<D, true>.
    offset_item it = item;
    k(it, rest...);
  } else {
    static_assert(std::is_invocable_v<const K&, Item&, Rest&...>,
                  "the kernel cannot be called with this launch's work-item type (and its reducers and "
                  "kernel_handler, if any): see SYCL 2020 §4.9.4.2 for the parameter a kernel may take");
  }
}

// Whether invoke(k, args...) compiles. Each probe after the first is only instantiated when the
// one before it fails (std::disjunction, std::conjunction): asking whether a generic kernel
// `[](auto it, auto&... rest) { ... }` takes other arguments instantiates its body with them,
// and a static_assert there (Celerity's kernel wrapper has one) is then a hard error.
template <typename K, typename... Args>
struct invocable : std::is_invocable<const K&, Args&...> {};
template <typename K, int D, typename... Rest>
struct invocable<K, sycl::item<D, false>, Rest...>
    : std::disjunction<std::is_invocable<const K&, sycl::item<D, false>&, Rest&...>,
                       std::is_invocable<const K&, sycl::item<D, true>&, Rest&...>> {};

// A kernel whose last parameter is a kernel_handler (and that cannot be called without one).
template <typename K, typename... Args>
inline constexpr bool wants_kernel_handler_v =
    std::conjunction_v<std::negation<invocable<K, Args...>>, invocable<K, Args..., sycl::kernel_handler>>;

// Such a kernel, with the kernel_handler the launch gives it.
template <typename K>
struct with_kernel_handler {
  K k;
  sycl::kernel_handler h;
  template <typename... Args>
  TESSERA_HOST_DEVICE TESSERA_ALWAYS_INLINE void operator()(Args&... args) const {
    sycl::kernel_handler kh = h;
    invoke(k, args..., kh);
  }
};

} // namespace tessera::detail
