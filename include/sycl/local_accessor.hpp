#pragma once
#include <cstddef>

#include "sycl/access.hpp"
#include "sycl/id.hpp"
#include "sycl/property_list.hpp"
#include "tessera/memory/local_binding.hpp"
#include "tessera/memory/subscript.hpp"

namespace sycl {

class handler;

} // namespace sycl

namespace tessera::runtime {
// Defined with the handler: reserves local memory for the kernel being built; returns the offset.
std::size_t reserve_local(sycl::handler& h, std::size_t bytes, std::size_t align);
} // namespace tessera::runtime

namespace sycl {

// SYCL 2020 §4.7.6.11. Memory of each executing work-group: the accessor holds an offset into
// the group's local memory and resolves it when the worker binds its copy of the kernel.
template <typename DataT, int D = 1>
class local_accessor {
public:
  using value_type = DataT;
  using reference = DataT&;
  using const_reference = const DataT&;
  using iterator = DataT*;
  using size_type = std::size_t;
  static constexpr int dimensions = D;

  local_accessor() = default;
  local_accessor(range<D> r, handler& h, const property_list& = {})
      : range_(r), offset_(tessera::runtime::reserve_local(h, r.size() * sizeof(DataT), alignof(DataT))) {}

  local_accessor(const local_accessor& o)
      : range_(o.range_), offset_(o.offset_), ptr_(resolve(o)) {}
  local_accessor& operator=(const local_accessor& o) {
    range_ = o.range_, offset_ = o.offset_, ptr_ = resolve(o);
    return *this;
  }

  DataT& operator[](const id<D>& i) const { return tessera::memory::at(ptr_, range_, i); }
  decltype(auto) operator[](std::size_t i) const { return tessera::memory::first_subscript(ptr_, range_, i); }

  range<D> get_range() const { return range_; }
  std::size_t size() const noexcept { return range_.size(); }
  std::size_t byte_size() const noexcept { return size() * sizeof(DataT); }
  bool empty() const noexcept { return size() == 0; }
  DataT* get_pointer() const noexcept { return ptr_; }
  template <access::decorated = access::decorated::no>
  DataT* get_multi_ptr() const noexcept {
    return ptr_;
  }
  iterator begin() const noexcept { return ptr_; }
  iterator end() const noexcept { return ptr_ + size(); }

private:
  static DataT* resolve(const local_accessor& o) {
    char* arena = tessera::memory::local_arena_binding;
    return arena ? reinterpret_cast<DataT*>(arena + o.offset_) : o.ptr_;
  }

  range<D> range_;
  std::size_t offset_ = 0;
  DataT* ptr_ = nullptr;
};

} // namespace sycl
