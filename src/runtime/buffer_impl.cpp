#include "tessera/runtime/buffer_impl.hpp"

#include <cstdlib>
#include <cstring>
#include <new>

namespace tessera::runtime {

namespace {
constexpr std::size_t buffer_alignment = 64;

bool writes(sycl::access::mode m) { return m != sycl::access::mode::read; }
} // namespace

buffer_impl::buffer_impl(std::size_t bytes, const void* init)
    : data_(::operator new(bytes ? bytes : 1, std::align_val_t{buffer_alignment})), bytes_(bytes) {
  if (init) std::memcpy(data_, init, bytes);
}

buffer_impl::~buffer_impl() { ::operator delete(data_, std::align_val_t{buffer_alignment}); }

void buffer_impl::order_access(sycl::access::mode mode, const std::shared_ptr<event_impl>& ev,
                               std::vector<std::shared_ptr<event_impl>>& deps) {
  std::lock_guard lock(mutex_);
  if (last_write_ && !last_write_->is_complete()) deps.push_back(last_write_);
  if (writes(mode)) {
    for (auto& r : reads_since_write_)
      if (!r->is_complete()) deps.push_back(r);
    reads_since_write_.clear();
    last_write_ = ev;
  } else {
    reads_since_write_.push_back(ev);
  }
}

void buffer_impl::wait_all() {
  std::shared_ptr<event_impl> w;
  std::vector<std::shared_ptr<event_impl>> rs;
  {
    std::lock_guard lock(mutex_);
    w = last_write_;
    rs = reads_since_write_;
  }
  if (w) w->wait();
  for (auto& r : rs) r->wait();
}

buffer_owner::~buffer_owner() {
  impl_->wait_all();
  if (final_ && write_back_) final_(impl_->data());
}

} // namespace tessera::runtime
