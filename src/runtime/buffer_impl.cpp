#include "tessera/runtime/buffer_impl.hpp"

#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

#include "queue_impl.hpp"
#include "sycl/exception.hpp"

#if defined(TESSERA_WITH_CUDA)
#include "tessera/backend/cuda/runtime.hpp"
#endif

namespace tessera::runtime {

namespace {
constexpr std::size_t buffer_alignment = 64;

bool writes(sycl::access::mode m) { return m != sycl::access::mode::read; }
bool discards(sycl::access::mode m) {
  return m == sycl::access::mode::discard_write || m == sycl::access::mode::discard_read_write;
}
} // namespace

buffer_impl::buffer_impl(std::size_t bytes, const void* init)
    : data_(::operator new(bytes ? bytes : 1, std::align_val_t{buffer_alignment})), bytes_(bytes) {
  if (init) std::memcpy(data_, init, bytes);
}

buffer_impl::buffer_impl(std::size_t bytes, void* host, adopt_t) : data_(host), bytes_(bytes), owns_data_(false) {}

buffer_impl::~buffer_impl() {
#if defined(TESSERA_WITH_CUDA)
  for (auto& c : device_copies_) cuda::usm_free(c.data, sycl::usm::alloc::device);
#endif
  if (owns_data_) ::operator delete(data_, std::align_val_t{buffer_alignment});
}

#if defined(TESSERA_WITH_CUDA)
buffer_impl::device_copy& buffer_impl::copy_for(const device_impl& d) {
  for (auto& c : device_copies_)
    if (c.device == &d) return c;
  void* data = cuda::usm_alloc(d, bytes_ ? bytes_ : 1, sycl::usm::alloc::device);
  if (!data)
    throw sycl::exception(sycl::errc::memory_allocation,
                          "buffer of " + std::to_string(bytes_) + " bytes does not fit in " + d.name + "'s memory");
  return device_copies_.emplace_back(device_copy{&d, data, false});
}
#endif

const void* buffer_impl::valid_device_data() const {
  for (auto& c : device_copies_)
    if (c.valid) return c.data;
  return nullptr;
}

void buffer_impl::read_host_later(const void* host, std::mutex* m) {
  deferred_host_ = host;
  deferred_mutex_ = m;
}

void buffer_impl::set_origin(origin_t origin, std::mutex* m) {
  std::lock_guard lock(mutex_);
  origin_ = std::move(origin);
  origin_mutex_ = m;
}

void buffer_impl::update_origin(const std::vector<std::pair<std::size_t, std::size_t>>& runs) {
  origin_t origin;
  std::mutex* m = nullptr;
  {
    std::lock_guard lock(mutex_);
    origin = origin_;
    m = origin_mutex_;
  }
  // No origin: the storage is the host memory itself (adopted), or there is none to update.
  const std::shared_ptr<void> host = origin ? origin() : nullptr;
  if (!host) return;
  std::unique_lock<std::mutex> host_lock;
  if (m) host_lock = std::unique_lock<std::mutex>(*m);
  for (const auto& [offset, length] : runs)
    std::memcpy(static_cast<char*>(host.get()) + offset, static_cast<const char*>(data_) + offset, length);
}

void buffer_impl::read_deferred_host() {
  std::call_once(deferred_once_, [this] {
    if (!deferred_host_) return;
    std::lock_guard host_lock(*deferred_mutex_);
    std::memcpy(data_, deferred_host_, bytes_);
  });
}

void* buffer_impl::data_for(const device_impl& d) {
  if (d.kind == device_kind::cpu) return data_;
#if defined(TESSERA_WITH_CUDA)
  std::lock_guard lock(mutex_);
  return copy_for(d).data;
#else
  throw sycl::exception(sycl::errc::feature_not_supported, "this Tessera was built without its CUDA backend");
#endif
}

// The data comes from the host when it is valid there, else from the GPU that wrote it last
// (a peer copy, which cudaMemcpyDefault routes through the host where the GPUs have no peer
// access); that GPU's command has completed, as it is a dependency of this one.
void buffer_impl::prepare(const device_impl& d, sycl::access::mode mode, [[maybe_unused]] void* stream) {
  if (d.kind == device_kind::cpu) return prepare_host(mode);
  read_deferred_host();
#if defined(TESSERA_WITH_CUDA)
  std::lock_guard lock(mutex_);
  device_copy& mine = copy_for(d);
  if (!mine.valid && !discards(mode)) cuda::copy(stream, mine.data, host_valid_ ? data_ : valid_device_data(), bytes_);
  mine.valid = true;
  if (!writes(mode)) return;
  host_valid_ = false;
  for (auto& c : device_copies_) c.valid = &c == &mine;
#endif
}

void buffer_impl::prepare_host(sycl::access::mode mode) {
  read_deferred_host();
  std::lock_guard lock(mutex_);
#if defined(TESSERA_WITH_CUDA)
  if (!host_valid_ && !discards(mode)) {
    cuda::copy(nullptr, data_, valid_device_data(), bytes_);
    cuda::synchronize(nullptr);
  }
#endif
  host_valid_ = true;
  if (writes(mode))
    for (auto& c : device_copies_) c.valid = false;
}

void buffer_impl::order_access(sycl::access::mode mode, const std::shared_ptr<event_impl>& ev,
                               std::vector<std::shared_ptr<event_impl>>& deps,
                               std::vector<std::shared_ptr<event_impl>>* orders) {
  std::lock_guard lock(mutex_);
  // A timeline shows the order even where the access before has completed (a GPU kernel often
  // has by the next submission); only the others are waited for.
  const auto follow = [&](const std::shared_ptr<event_impl>& before) {
    if (orders) orders->push_back(before);
    if (!before->is_complete()) deps.push_back(before);
  };
  if (last_write_) follow(last_write_);
  if (writes(mode)) {
    for (auto& r : reads_since_write_) follow(r);
    reads_since_write_.clear();
    last_write_ = ev;
  } else {
    reads_since_write_.push_back(ev);
  }
}

void buffer_impl::wait_all(const char* waiter) {
  std::shared_ptr<event_impl> w;
  std::vector<std::shared_ptr<event_impl>> rs;
  {
    std::lock_guard lock(mutex_);
    w = last_write_;
    rs = reads_since_write_;
  }
  if (w) w->wait(waiter);
  for (auto& r : rs) r->wait(waiter);
}

// The final data going elsewhere ends the tie to the host memory the buffer was made from, which
// may then go too: read it now if not yet read (use_mutex).
void buffer_impl::detach_host() {
  read_deferred_host();
  {
    std::lock_guard lock(mutex_);
    origin_ = nullptr; // handler::update_host no longer writes there
    if (owns_data_) return;
  }
  wait_all("set_final_data or set_write_back of a buffer");
  prepare_host(sycl::access::mode::read);
  std::lock_guard lock(mutex_);
  if (owns_data_) return;
  void* own = ::operator new(bytes_ ? bytes_ : 1, std::align_val_t{buffer_alignment});
  std::memcpy(own, data_, bytes_);
  data_ = own;
  owns_data_ = true;
}

buffer_owner::~buffer_owner() {
  try {
    impl_->wait_all("destroying the last sycl::buffer handle");
  } catch (...) {
    report_fatal("a buffer was destroyed while its commands could never finish", std::current_exception());
  }
  impl_->prepare_host(sycl::access::mode::read);
  if (!final_ || !write_back_) return;
  std::unique_lock<std::mutex> lock;
  if (host_mutex_) lock = std::unique_lock<std::mutex>(*host_mutex_);
  final_(impl_->data());
}

} // namespace tessera::runtime
