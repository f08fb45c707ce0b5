#pragma once
#include "sycl/access.hpp"
#include "sycl/id.hpp"
#include "sycl/memory_enums.hpp"
#include "tessera/backend/cpu/collectives.hpp"

namespace sycl {

template <int D> class nd_item;

// SYCL 2020 §4.9.1.7. A work-group, seen from one of its work-items.
template <int D = 1>
class group {
public:
  using id_type = id<D>;
  using range_type = range<D>;
  using linear_id_type = std::size_t;
  static constexpr int dimensions = D;
  static constexpr memory_scope fence_scope = memory_scope::work_group;

  id<D> get_group_id() const { return c_.group; }
  std::size_t get_group_id(int d) const { return c_.group[d]; }
  id<D> get_local_id() const { return c_.local; }
  std::size_t get_local_id(int d) const { return c_.local[d]; }
  range<D> get_local_range() const { return c_.geo->local; }
  std::size_t get_local_range(int d) const { return c_.geo->local[d]; }
  range<D> get_group_range() const { return c_.geo->groups; }
  std::size_t get_group_range(int d) const { return c_.geo->groups[d]; }
  range<D> get_max_local_range() const { return c_.geo->local; }
  std::size_t operator[](int d) const { return c_.group[d]; }
  std::size_t get_group_linear_id() const { return tessera::detail::linearize(c_.group, c_.geo->groups); }
  std::size_t get_local_linear_id() const { return c_.local_linear; }
  std::size_t get_group_linear_range() const { return c_.geo->groups.size(); }
  std::size_t get_local_linear_range() const { return c_.geo->local.size(); }
  bool leader() const { return c_.local_linear == 0; }

  // Deprecated SYCL 1.2.1 spellings the seeds still use.
  range<D> get_global_range() const { return c_.geo->global; }
  std::size_t get_global_range(int d) const { return c_.geo->global[d]; }
  std::size_t get_linear_id() const { return get_group_linear_id(); }

  friend bool operator==(const group& a, const group& b) { return a.c_.group == b.c_.group; }
  friend bool operator!=(const group& a, const group& b) { return !(a == b); }

  const tessera::cpu::item_context<D>& context() const { return c_; }
  explicit group(const tessera::cpu::item_context<D>& c) : c_(c) {}

private:
  tessera::cpu::item_context<D> c_;
};

} // namespace sycl
