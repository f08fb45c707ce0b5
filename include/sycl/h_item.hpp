#pragma once
#include "sycl/item.hpp"

namespace sycl {

// SYCL 2020 §4.9.1.6: a work-item of a hierarchical kernel. It has two local identities: the
// logical one of the range given to parallel_for_work_item, and the physical one of the
// work-group's local range. Like DPC++, the global item is the physical one, the position "as
// provided upon kernel invocation".
template <int D = 1>
class h_item {
public:
  static constexpr int dimensions = D;

  TESSERA_HOST_DEVICE item<D, false> get_global() const { return global_; }
  TESSERA_HOST_DEVICE item<D, false> get_local() const { return get_logical_local(); }
  TESSERA_HOST_DEVICE item<D, false> get_logical_local() const { return logical_; }
  TESSERA_HOST_DEVICE item<D, false> get_physical_local() const { return physical_; }

  TESSERA_HOST_DEVICE range<D> get_global_range() const { return global_.get_range(); }
  TESSERA_HOST_DEVICE std::size_t get_global_range(int d) const { return global_.get_range(d); }
  TESSERA_HOST_DEVICE id<D> get_global_id() const { return global_.get_id(); }
  TESSERA_HOST_DEVICE std::size_t get_global_id(int d) const { return global_.get_id(d); }
  TESSERA_HOST_DEVICE range<D> get_local_range() const { return logical_.get_range(); }
  TESSERA_HOST_DEVICE std::size_t get_local_range(int d) const { return logical_.get_range(d); }
  TESSERA_HOST_DEVICE id<D> get_local_id() const { return logical_.get_id(); }
  TESSERA_HOST_DEVICE std::size_t get_local_id(int d) const { return logical_.get_id(d); }
  TESSERA_HOST_DEVICE range<D> get_logical_local_range() const { return logical_.get_range(); }
  TESSERA_HOST_DEVICE std::size_t get_logical_local_range(int d) const { return logical_.get_range(d); }
  TESSERA_HOST_DEVICE id<D> get_logical_local_id() const { return logical_.get_id(); }
  TESSERA_HOST_DEVICE std::size_t get_logical_local_id(int d) const { return logical_.get_id(d); }
  TESSERA_HOST_DEVICE range<D> get_physical_local_range() const { return physical_.get_range(); }
  TESSERA_HOST_DEVICE std::size_t get_physical_local_range(int d) const { return physical_.get_range(d); }
  TESSERA_HOST_DEVICE id<D> get_physical_local_id() const { return physical_.get_id(); }
  TESSERA_HOST_DEVICE std::size_t get_physical_local_id(int d) const { return physical_.get_id(d); }

  TESSERA_HOST_DEVICE friend bool operator==(const h_item& a, const h_item& b) {
    return a.global_ == b.global_ && a.logical_ == b.logical_ && a.physical_ == b.physical_;
  }
  TESSERA_HOST_DEVICE friend bool operator!=(const h_item& a, const h_item& b) { return !(a == b); }

  TESSERA_HOST_DEVICE h_item(const item<D, false>& global, const item<D, false>& logical, const item<D, false>& physical)
      : global_(global), logical_(logical), physical_(physical) {}

private:
  item<D, false> global_;
  item<D, false> logical_;
  item<D, false> physical_;
};

} // namespace sycl
