#pragma once
#include <algorithm>
#include <typeindex>
#include <vector>

#include "sycl/exception.hpp"

namespace sycl {

namespace property {
struct no_init {};
namespace queue {
struct in_order {};
struct enable_profiling {};
} // namespace queue
namespace buffer {
struct use_host_ptr {};
struct use_mutex {};
struct context_bound {};
} // namespace buffer
namespace reduction {
struct initialize_to_identity {};
} // namespace reduction
} // namespace property

inline constexpr property::no_init no_init{};

template <typename T> struct is_property : std::false_type {};
template <> struct is_property<property::no_init> : std::true_type {};
template <> struct is_property<property::queue::in_order> : std::true_type {};
template <> struct is_property<property::queue::enable_profiling> : std::true_type {};
template <> struct is_property<property::buffer::use_host_ptr> : std::true_type {};
template <> struct is_property<property::buffer::use_mutex> : std::true_type {};
template <> struct is_property<property::buffer::context_bound> : std::true_type {};
template <> struct is_property<property::reduction::initialize_to_identity> : std::true_type {};
template <typename T> inline constexpr bool is_property_v = is_property<T>::value;

// SYCL 2020 §4.5.4. Tessera's properties carry no data, so the list is the set of their types.
class property_list {
public:
  template <typename... Ps, typename = std::enable_if_t<(is_property_v<Ps> && ...)>>
  property_list(Ps...) : types_{std::type_index(typeid(Ps))...} {}

  template <typename P> bool has_property() const {
    return std::find(types_.begin(), types_.end(), std::type_index(typeid(P))) != types_.end();
  }
  template <typename P> P get_property() const {
    if (!has_property<P>()) throw exception(errc::invalid, "get_property: the property list does not hold it");
    return P{};
  }

private:
  std::vector<std::type_index> types_;
};

} // namespace sycl
