#pragma once
#include <type_traits>
#include <utility>

#include "sycl/device.hpp"
#include "sycl/queue.hpp"

// oneDPL's execution policies: host policies that run on the calling thread (seq, unseq) or on
// Tessera's CPU worker pool (par, par_unseq), and device policies that run on a SYCL queue.
namespace oneapi::dpl::execution {

class sequenced_policy {};
class unsequenced_policy {};
class parallel_policy {};
class parallel_unsequenced_policy {};

inline constexpr sequenced_policy seq{};
inline constexpr unsequenced_policy unseq{};
inline constexpr parallel_policy par{};
inline constexpr parallel_unsequenced_policy par_unseq{};

class DefaultKernelName;

namespace detail {
// One queue on the default device for every policy made without one, created on first use
// rather than at static initialisation, and never destroyed (algorithms may run at exit).
inline const sycl::queue& default_queue() {
  static const sycl::queue* q = new sycl::queue();
  return *q;
}
} // namespace detail

// A policy that runs algorithms on `queue()`; KernelName names its kernels as oneDPL's does.
template <typename KernelName = DefaultKernelName>
class device_policy {
public:
  using kernel_name = KernelName;

  device_policy() : q_(detail::default_queue()) {}
  explicit device_policy(sycl::queue q) : q_(std::move(q)) {}
  explicit device_policy(const sycl::device& d) : q_(d) {}
  template <typename Selector, typename = decltype(std::declval<const Selector&>()(std::declval<const sycl::device&>()))>
  explicit device_policy(const Selector& s) : q_(s) {}
  template <typename OtherName>
  device_policy(const device_policy<OtherName>& other) : q_(other.queue()) {}

  sycl::queue queue() const { return q_; }
  operator sycl::queue() const { return q_; }

private:
  sycl::queue q_;
};

// Made on first use, so that including this header starts no device.
struct default_policy_t {
  template <typename Name> operator device_policy<Name>() const { return device_policy<Name>(queue()); }
  sycl::queue queue() const { return detail::default_queue(); }
  operator sycl::queue() const { return queue(); }
};
inline constexpr default_policy_t dpcpp_default{};

template <typename KernelName = DefaultKernelName>
device_policy<KernelName> make_device_policy(sycl::queue q) {
  return device_policy<KernelName>(std::move(q));
}
template <typename KernelName = DefaultKernelName>
device_policy<KernelName> make_device_policy(const sycl::device& d) {
  return device_policy<KernelName>(d);
}
template <typename KernelName = DefaultKernelName, typename OldName>
device_policy<KernelName> make_device_policy(const device_policy<OldName>& p) {
  return device_policy<KernelName>(p.queue());
}
template <typename KernelName = DefaultKernelName>
device_policy<KernelName> make_device_policy(const default_policy_t& p) {
  return device_policy<KernelName>(p.queue());
}

template <typename T> struct is_execution_policy : std::false_type {};
template <> struct is_execution_policy<sequenced_policy> : std::true_type {};
template <> struct is_execution_policy<unsequenced_policy> : std::true_type {};
template <> struct is_execution_policy<parallel_policy> : std::true_type {};
template <> struct is_execution_policy<parallel_unsequenced_policy> : std::true_type {};
template <> struct is_execution_policy<default_policy_t> : std::true_type {};
template <typename Name> struct is_execution_policy<device_policy<Name>> : std::true_type {};
template <typename T> inline constexpr bool is_execution_policy_v = is_execution_policy<T>::value;

} // namespace oneapi::dpl::execution

namespace tessera::dpl {

namespace execution = oneapi::dpl::execution;

// Enables an algorithm overload for oneDPL's policies only, so that the overloads these headers
// put into namespace std never compete with the standard's own.
template <typename Policy, typename R = void>
using enable_if_policy = std::enable_if_t<execution::is_execution_policy_v<std::decay_t<Policy>>, R>;

// Where a policy runs: the queue for device policies; none (the host) for host policies.
template <typename Policy> struct policy_traits {
  static constexpr bool device = false;
  static constexpr bool sequential =
      std::is_same_v<Policy, execution::sequenced_policy> || std::is_same_v<Policy, execution::unsequenced_policy>;
};
template <typename Name> struct policy_traits<execution::device_policy<Name>> {
  static constexpr bool device = true;
  static constexpr bool sequential = false;
};
template <> struct policy_traits<execution::default_policy_t> {
  static constexpr bool device = true;
  static constexpr bool sequential = false;
};

} // namespace tessera::dpl
