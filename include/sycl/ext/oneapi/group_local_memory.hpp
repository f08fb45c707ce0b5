#pragma once
// DPC++'s group_local_memory and group_local_memory_for_overwrite (sycl_ext_oneapi_local_memory):
// memory of the work-group declared inside the kernel, one allocation per call site, which code
// ported from CUDA uses where it had a `__shared__` array in a device function.
//
// DPC++'s compiler gives each call its own allocation; a library has no such hook, and a GPU
// `__shared__` variable must be named at compile time. So both names are macros that turn each
// call into a member call of a class whose template arguments are unique to the call site
// (this file's hash, the line and __COUNTER__):
//     sycl::ext::oneapi::group_local_memory_for_overwrite<int[256]>(g)
//  -> sycl::ext::oneapi::local_memory_site<H, L, N>{__FILE__, __LINE__}.for_overwrite<int[256]>(g)
// Qualified calls, calls under `using namespace sycl::ext::oneapi;` and calls in templates work as
// in DPC++. What a macro cannot do: a using-declaration of the names, or another entity of the
// same names in the program.
#include <cstdint>
#include <new>
#include <type_traits>
#include <utility>

#include "sycl/access.hpp"
#include "sycl/group.hpp"
#include "sycl/multi_ptr.hpp"
#include "sycl/nd_item.hpp"
#include "tessera/glue/device_ops.hpp"
#include "tessera/group/call_site.hpp"

#define SYCL_EXT_ONEAPI_LOCAL_MEMORY 1

namespace tessera::detail {
// FNV-1a of a file name: call sites of two files never share a key, even where __COUNTER__ and
// the line are the same.
TESSERA_HOST_DEVICE constexpr std::uint64_t file_key(const char* s) {
  std::uint64_t h = 14695981039346656037ull;
  for (; *s; ++s) h = (h ^ static_cast<unsigned char>(*s)) * 1099511628211ull;
  return h;
}
} // namespace tessera::detail

namespace sycl::ext::oneapi {

// One call site of group_local_memory(_for_overwrite), made by the macros below.
template <std::uint64_t File, unsigned Line, unsigned Counter>
struct local_memory_site {
  const char* file;
  unsigned line;

  // Storage for a T, shared by the work-group, default-initialised. A T with a non-trivial
  // default constructor is constructed by the group's first item, then the group meets at a barrier
  // (as DPC++ does). A T without a default constructor (a union of CUB-style TempStorage types,
  // HeCBench's blockScan) is left for the items to overwrite.
  template <typename T, int D>
  TESSERA_HOST_DEVICE multi_ptr<T, access::address_space::local_space> for_overwrite(const group<D>& g) const {
    static_assert(std::is_trivially_destructible_v<T>, "group_local_memory: T must be trivially destructible");
    T* p = tessera::glue::ops::group_local_memory<local_memory_site, T>(g.context(), {file, line});
    if constexpr (std::is_default_constructible_v<T> && !std::is_trivially_default_constructible_v<T>) {
      if (g.leader()) new (p) T;
      group_barrier(g, memory_scope::work_group, tessera::group::call_site{file, line});
    }
    return p;
  }

  // Storage for a T constructed from `args` (T{args...}) by the group's first item; every item
  // returns once it is constructed.
  template <typename T, int D, typename... Args>
  TESSERA_HOST_DEVICE multi_ptr<T, access::address_space::local_space> construct(const group<D>& g,
                                                                               Args&&... args) const {
    static_assert(std::is_trivially_destructible_v<T>, "group_local_memory: T must be trivially destructible");
    T* p = tessera::glue::ops::group_local_memory<local_memory_site, T>(g.context(), {file, line});
    if (g.leader()) new (p) T{std::forward<Args>(args)...};
    group_barrier(g, memory_scope::work_group, tessera::group::call_site{file, line});
    return p;
  }
};

} // namespace sycl::ext::oneapi

#define TESSERA_LOCAL_MEMORY_SITE                                                                                  \
  local_memory_site<::tessera::detail::file_key(__FILE__), __LINE__, __COUNTER__> { __FILE__, __LINE__ }
// template <typename T, typename Group> multi_ptr<T, local_space> group_local_memory_for_overwrite(Group g);
#define group_local_memory_for_overwrite TESSERA_LOCAL_MEMORY_SITE.for_overwrite
// template <typename T, typename Group, typename... Args>
// multi_ptr<T, local_space> group_local_memory(Group g, Args&&... args);
#define group_local_memory TESSERA_LOCAL_MEMORY_SITE.construct
