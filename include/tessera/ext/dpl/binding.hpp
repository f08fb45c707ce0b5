#pragma once
#include <cstddef>
#include <iterator>
#include <memory>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "sycl/accessor.hpp"
#include "sycl/buffer.hpp"
#include "tessera/ext/dpl/buffer_iterator.hpp"
#include "tessera/ext/dpl/counting_iterator.hpp"
#include "tessera/ext/dpl/discard_iterator.hpp"
#include "tessera/ext/dpl/permutation_iterator.hpp"
#include "tessera/ext/dpl/transform_iterator.hpp"
#include "tessera/ext/dpl/zip_iterator.hpp"

// Binding: what an algorithm's iterators become where it runs. Pointers stay; the iterators of
// contiguous containers (std::vector with a USM allocator) become pointers, so that kernels can
// use them; buffer positions become pointers into the buffer's memory on the device, which the
// session acquires (ordered after the buffer's commands) and holds until the algorithm returns;
// fancy iterators are rebuilt over their bound bases.
namespace tessera::dpl {

// Buffers seen by an algorithm on the host: one host access per buffer, held until the end (a
// second access to the same buffer would wait for the first).
class host_session {
public:
  // The host reaches all its memory.
  template <typename T>
  T* reach(T* p, std::size_t) {
    return p;
  }
  template <typename T, typename Alloc>
  T* pointer(sycl::buffer<T, 1, Alloc> b) {
    const void* key = b.impl().get();
    // Sub-buffers share their parent's storage and ordering: one access serves them all.
    for (auto& h : held_)
      if (h.key == key) return static_cast<T*>(h.storage) + b.first_element();
    auto acc = std::make_shared<sycl::host_accessor<T, 1, sycl::access_mode::read_write>>(b);
    T* storage = acc->get_pointer() - b.first_element();
    held_.push_back({key, storage, std::move(acc)});
    return storage + b.first_element();
  }

private:
  struct held {
    const void* key;
    void* storage;
    std::shared_ptr<void> access;
  };
  std::vector<held> held_;
};

namespace detail {
template <typename It, typename = void> struct is_contiguous_wrapper : std::false_type {};
// The standard's adaptors over a pointer have one as base() too, but read elsewhere (a
// reverse_iterator the element before it) or otherwise (a move_iterator moves): they stay as they are.
template <typename It> struct is_standard_adaptor : std::false_type {};
template <typename It> struct is_standard_adaptor<std::reverse_iterator<It>> : std::true_type {};
template <typename It> struct is_standard_adaptor<std::move_iterator<It>> : std::true_type {};
// libstdc++'s and libc++'s vector iterators wrap a pointer and expose it as base(), libstdc++'s by
// const reference (hence the decay: without it a std::vector's iterator was passed to kernels as
// is, holding a host address).
template <typename It>
using base_t = std::decay_t<decltype(std::declval<const It&>().base())>;
template <typename It>
struct is_contiguous_wrapper<
    It, std::enable_if_t<!is_standard_adaptor<It>::value && std::is_pointer_v<base_t<It>> &&
                         std::is_same_v<std::remove_pointer_t<base_t<It>>,
                                        std::remove_reference_t<typename std::iterator_traits<It>::reference>>>>
    : std::true_type {};
} // namespace detail

// `n`: how many elements from `it` the algorithm uses (0: unknown), so that a session can make
// plain host memory reachable where the algorithm runs (a GPU's session copies it). Calls are
// qualified (std::bind would win argument-dependent lookup), so every overload is declared before
// any is defined.
template <typename It, typename Session>
auto bind(It it, Session& s, std::size_t n);
template <typename T, typename Alloc, typename Session>
T* bind(buffer_iterator<T, Alloc> it, Session& s, std::size_t);
template <typename It, typename F, typename Session>
auto bind(oneapi::dpl::transform_iterator<It, F> it, Session& s, std::size_t n);
template <typename Src, typename Map, typename Session>
auto bind(oneapi::dpl::permutation_iterator<Src, Map> it, Session& s, std::size_t n);
template <typename... Its, typename Session>
auto bind(oneapi::dpl::zip_iterator<Its...> it, Session& s, std::size_t n);

template <typename It, typename Session>
auto bind(It it, Session& s, std::size_t n) {
  if constexpr (std::is_pointer_v<It>) {
    return s.reach(it, n);
  } else if constexpr (detail::is_contiguous_wrapper<It>::value) {
    return s.reach(it.base(), n);
  } else {
    return it;
  }
}
template <typename T, typename Alloc, typename Session>
T* bind(buffer_iterator<T, Alloc> it, Session& s, std::size_t) {
  return s.pointer(it.get_buffer()) + it.get_idx();
}
template <typename It, typename F, typename Session>
auto bind(oneapi::dpl::transform_iterator<It, F> it, Session& s, std::size_t n) {
  return oneapi::dpl::make_transform_iterator(tessera::dpl::bind(it.base(), s, n), it.functor());
}
// The source's extent is unknown (the map may reach any of it).
template <typename Src, typename Map, typename Session>
auto bind(oneapi::dpl::permutation_iterator<Src, Map> it, Session& s, std::size_t n) {
  auto src = tessera::dpl::bind(it.base(), s, 0);
  if constexpr (oneapi::dpl::detail::is_index_iterator<Map>::value) {
    auto map = tessera::dpl::bind(it.map(), s, n);
    return oneapi::dpl::permutation_iterator<decltype(src), decltype(map)>(src, map, it.position());
  } else {
    return oneapi::dpl::permutation_iterator<decltype(src), Map>(src, it.map(), it.position());
  }
}
template <typename... Its, typename Session>
auto bind(oneapi::dpl::zip_iterator<Its...> it, Session& s, std::size_t n) {
  return std::apply([&](auto... its) { return oneapi::dpl::make_zip_iterator(tessera::dpl::bind(its, s, n)...); }, it.base());
}

template <typename It, typename Session>
using bound_t = decltype(tessera::dpl::bind(std::declval<It>(), std::declval<Session&>(), std::size_t{}));

} // namespace tessera::dpl
