#pragma once
// DPC++'s queue properties sycl_ext_oneapi_queue_priority and sycl_ext_oneapi_discard_queue_events,
// which published programs pass to their queues (HeCBench). Both are hints that leave a program's
// results alone, and Tessera takes them as such: its queues run at one priority (the CPU's pool,
// a GPU stream of the default priority), and its events stay valid under discard_events (the
// extension lets them be invalid; waiting on a valid one is no error).
#include <type_traits>

#include "sycl/property_list.hpp"
#include "sycl/queue.hpp"

#define SYCL_EXT_ONEAPI_QUEUE_PRIORITY 1
#define SYCL_EXT_ONEAPI_DISCARD_QUEUE_EVENTS 1

namespace sycl::ext::oneapi::property::queue {
struct priority_normal {};
struct priority_low {};
struct priority_high {};
struct discard_events {};
} // namespace sycl::ext::oneapi::property::queue

namespace sycl {
#define TESSERA_ONEAPI_QUEUE_PROPERTY(name)                                                                  \
  template <> struct is_property<ext::oneapi::property::queue::name> : std::true_type {};                   \
  template <> struct is_property_of<ext::oneapi::property::queue::name, queue> : std::true_type {};
TESSERA_ONEAPI_QUEUE_PROPERTY(priority_normal)
TESSERA_ONEAPI_QUEUE_PROPERTY(priority_low)
TESSERA_ONEAPI_QUEUE_PROPERTY(priority_high)
TESSERA_ONEAPI_QUEUE_PROPERTY(discard_events)
#undef TESSERA_ONEAPI_QUEUE_PROPERTY
} // namespace sycl
