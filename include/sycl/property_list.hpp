#pragma once
#include <algorithm>
#include <memory>
#include <mutex>
#include <type_traits>
#include <typeindex>
#include <utility>
#include <vector>

#include "sycl/exception.hpp"

namespace sycl {

class context;

namespace property {
struct no_init {};
namespace queue {
struct in_order {};
struct enable_profiling {};
} // namespace queue
namespace buffer {
struct use_host_ptr {};
// The runtime holds the mutex while it reads or writes the buffer's host memory (§4.7.2.2).
class use_mutex {
public:
  explicit use_mutex(std::mutex& m) : mutex_(&m) {}
  std::mutex* get_mutex_ptr() const { return mutex_; }

private:
  std::mutex* mutex_;
};
// Defined with the context (context.hpp).
class context_bound {
public:
  explicit context_bound(context c);
  context get_context() const;

private:
  std::shared_ptr<const context> context_;
};
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

// SYCL 2020 §4.5.4.1: whether a property applies to a class; specialised beside each class.
template <typename Property, typename SyclObject> struct is_property_of : std::false_type {};
template <typename Property, typename SyclObject>
inline constexpr bool is_property_of_v = is_property_of<Property, SyclObject>::value;

// SYCL 2020 §4.5.4. Each property is kept under its type; copies of a list share the values.
class property_list {
public:
  template <typename... Ps, typename = std::enable_if_t<(is_property_v<Ps> && ...)>>
  property_list(Ps... ps) : props_{entry(std::type_index(typeid(Ps)), std::make_shared<const Ps>(std::move(ps)))...} {}

  template <typename P> bool has_property() const { return find(typeid(P)) != nullptr; }
  template <typename P> P get_property() const {
    const void* p = find(typeid(P));
    if (!p) throw exception(errc::invalid, "get_property: the property list does not hold it");
    return *static_cast<const P*>(p);
  }

private:
  using entry = std::pair<std::type_index, std::shared_ptr<const void>>;
  const void* find(const std::type_info& t) const {
    auto it = std::find_if(props_.begin(), props_.end(), [&](const entry& e) { return e.first == t; });
    return it == props_.end() ? nullptr : it->second.get();
  }
  std::vector<entry> props_;
};

} // namespace sycl
