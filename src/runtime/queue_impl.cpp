#include "queue_impl.hpp"

#include <algorithm>
#include <atomic>
#include <thread>

#include "cpu/thread_pool.hpp"
#include "sycl/queue.hpp"
#if defined(TESSERA_WITH_CUDA)
#include "tessera/backend/cuda/runtime.hpp"
#endif

namespace tessera::runtime {

namespace {
// Host tasks may block (on I/O, on other queues): they get threads of their own so that they
// never hold up the compute pool.
cpu::thread_pool& host_task_pool() {
  static cpu::thread_pool pool(4);
  return pool;
}
// One entry per buffer, writing if any access writes: a command ordered twice against the same
// buffer would find itself as that buffer's last writer and wait for itself.
void merge_by_buffer(std::vector<requirement>& reqs) {
  std::vector<requirement> merged;
  for (auto& r : reqs) {
    auto it = std::find_if(merged.begin(), merged.end(), [&](auto& m) { return m.buffer == r.buffer; });
    if (it == merged.end()) merged.push_back(std::move(r));
    else if (r.mode != sycl::access_mode::read) it->mode = sycl::access_mode::read_write;
  }
  reqs.swap(merged);
}

// Commands already enqueued on `stream` are ordered before anything enqueued on it later.
void drop_enqueued_on(void* stream, std::vector<std::shared_ptr<event_impl>>& deps) {
  deps.erase(std::remove_if(deps.begin(), deps.end(),
                            [stream](const auto& d) {
                              return d->status() != event_impl::state::submitted && d->stream == stream;
                            }),
             deps.end());
}
} // namespace

namespace {
void* backend_queue_for(const device_impl& d) {
#if defined(TESSERA_WITH_CUDA)
  if (d.kind == device_kind::gpu) return cuda::create_stream(d);
#endif
  (void)d;
  return nullptr;
}
} // namespace

queue_impl::queue_impl(const device_impl& dev, sycl::async_handler handler, bool in_order, bool profiling)
    : device(dev), stream(backend_queue_for(dev)), handler_(std::move(handler)), in_order(in_order),
      profiling(profiling) {}

queue_impl::~queue_impl() {
  wait();
#if defined(TESSERA_WITH_CUDA)
  if (stream) cuda::destroy_stream(stream);
#endif
}

std::shared_ptr<event_impl> queue_impl::submit(command_group cg) {
  auto ev = std::make_shared<event_impl>();
  ev->profiling = profiling;
  if (profiling) ev->submit_ns = now_ns();
  ev->queue = weak_from_this();
  auto deps = std::move(cg.depends);
  merge_by_buffer(cg.requirements);
  for (auto& r : cg.requirements) r.buffer->order_access(r.mode, ev, deps);
  {
    std::lock_guard lock(mutex_);
    if (in_order && last_) deps.push_back(last_);
    if (stream && !cg.host_task) drop_enqueued_on(stream, deps);
    if (in_order) last_ = ev;
    // Commands mostly complete in order: dropping finished ones from the front keeps this O(1).
    while (!pending_.empty() && pending_.front()->is_complete()) pending_.pop_front();
    pending_.push_back(ev);
  }
  // The requirements travel with the command so that buffers outlive the work on them.
  auto keep = std::make_shared<std::vector<requirement>>(std::move(cg.requirements));
  auto remaining = std::make_shared<std::atomic<std::size_t>>(deps.size() + 1);
  auto go = [this, self = shared_from_this(), ev, run = std::move(cg.run), host = cg.host_task, keep, remaining] {
    if (remaining->fetch_sub(1, std::memory_order_acq_rel) == 1) start(ev, run, host, *keep);
  };
  for (auto& d : deps) d->then(go);
  go();
  return ev;
}

void queue_impl::start(const std::shared_ptr<event_impl>& ev, action run, bool host_task,
                       const std::vector<requirement>& reqs) {
  auto finish = [self = shared_from_this(), ev](std::exception_ptr e) {
    // Hand the error over before completing: nothing of this thread may still hold it when the
    // waiting thread receives it (its reference count is invisible to ThreadSanitizer).
    if (e) self->report(std::move(e));
    ev->mark_complete();
  };
  if (!run) return finish(nullptr);
  if (!host_task) ev->stream = stream;
  ev->mark_running();
  try {
    // Host tasks see buffers on the host; everything else on the queue's device.
    for (auto& r : reqs) host_task ? r.buffer->prepare_host(r.mode) : r.buffer->prepare(device, r.mode, stream);
  } catch (...) {
    return finish(std::current_exception());
  }
  if (host_task) {
    host_task_pool().submit(
        1, [run, finish](std::size_t) { run(finish); }, [] {});
    return;
  }
  try {
    run(finish);
  } catch (...) {
    finish(std::current_exception());
  }
}

void queue_impl::wait() {
  std::vector<std::shared_ptr<event_impl>> events;
  {
    std::lock_guard lock(mutex_);
    events.assign(pending_.begin(), pending_.end());
  }
  for (auto& e : events) e->wait();
}

void queue_impl::report(std::exception_ptr e) {
  std::lock_guard lock(mutex_);
  errors_.push_back(std::move(e));
}

// Without an async_handler the first error is rethrown, the rest dropped: DPC++ would call
// std::terminate here, which the spec leaves to the implementation (§4.13.1.2).
void queue_impl::throw_asynchronous() {
  std::vector<std::exception_ptr> errors;
  {
    std::lock_guard lock(mutex_);
    errors.swap(errors_);
  }
  if (errors.empty()) return;
  if (handler_) return handler_(sycl::exception_list(std::move(errors)));
  std::rethrow_exception(errors.front());
}

} // namespace tessera::runtime

namespace sycl {

queue::queue(const device& d, const async_handler& h, const property_list& props)
    : impl_(std::make_shared<tessera::runtime::queue_impl>(d.impl(), h,
                                                           props.has_property<property::queue::in_order>(),
                                                           props.has_property<property::queue::enable_profiling>())),
      props_(props) {}

device queue::get_device() const { return device(&impl_->device); }
void* queue::backend_stream() const { return impl_->stream; }
bool queue::is_in_order() const { return props_.has_property<property::queue::in_order>(); }
void queue::wait() { impl_->wait(); }
void queue::wait_and_throw() {
  impl_->wait();
  impl_->throw_asynchronous();
}
void queue::throw_asynchronous() { impl_->throw_asynchronous(); }
event queue::submit(tessera::runtime::command_group cg) { return event(impl_->submit(std::move(cg))); }

void event::wait_and_throw() {
  impl_->wait();
  if (auto q = impl_->queue.lock()) q->throw_asynchronous();
}

std::uint64_t event::profiling_timestamp(int which) const {
  if (!impl_->profiling)
    throw exception(errc::invalid, "profiling info requested from an event of a queue without enable_profiling");
  if (!impl_->is_complete() && which > 0) impl_->wait();
  return which == 0 ? impl_->submit_ns : which == 1 ? impl_->start_ns : impl_->end_ns;
}

} // namespace sycl
