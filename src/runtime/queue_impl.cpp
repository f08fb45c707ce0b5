#include "queue_impl.hpp"

#include <algorithm>
#include <atomic>
#include <thread>

#include "cpu/thread_pool.hpp"
#include "exit_wait.hpp"
#include "trace_recorder.hpp"
#include "sycl/ext/oneapi/queue_properties.hpp"
#include "sycl/queue.hpp"
#include "tessera/runtime/native_objects.hpp"
#if defined(TESSERA_WITH_CUDA)
#include "tessera/backend/cuda/runtime.hpp"
#endif

namespace tessera::runtime {

cpu::thread_pool& host_task_pool() {
  static cpu::thread_pool pool(4, "host task");
  return pool;
}

namespace {
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

// An interop host task on a GPU starts once its buffers' copies on the queue's stream are done,
// and completes with the native work it enqueued: on that stream, or on the GPU's legacy default
// stream, where the driver API's synchronous-looking calls (cuMemsetD32) return before the work
// is done. SYCL 2020 leaves such work to the task to finish; the SYCL-CTS's CUDA host-task test
// does not, and reads the buffer next.
void settle_native_work([[maybe_unused]] const device_impl& gpu, [[maybe_unused]] void* stream) {
#if defined(TESSERA_WITH_CUDA)
  cuda::set_device(gpu);
  cuda::synchronize(stream);
  cuda::synchronize(nullptr);
#endif
}

// Commands already on a timeline are ordered before anything enqueued on it later.
void drop_enqueued_on(const timeline* tl, std::vector<std::shared_ptr<event_impl>>& deps) {
  deps.erase(std::remove_if(deps.begin(), deps.end(), [tl](const auto& d) { return d->on(tl); }), deps.end());
}
} // namespace

queue_impl::queue_impl(const device_impl& dev, sycl::async_handler handler, bool in_order, bool profiling,
                       void* native_stream)
    : device(dev), handler_(std::move(handler)), in_order(in_order), profiling(profiling) {
  static std::atomic<std::uint64_t> queues{0};
  if (trace::on()) trace_number_ = ++queues;
#if defined(TESSERA_WITH_CUDA)
  if (dev.kind == device_kind::gpu) {
    auto sink = [this](std::exception_ptr e) { report(std::move(e)); };
    auto made = native_stream ? cuda::adopt_stream(dev, native_stream, std::move(sink))
                              : cuda::create_stream(dev, std::move(sink));
    owns_stream_ = !native_stream;
    stream = made.s;
    stream_timeline = std::move(made.timeline);
  }
#else
  (void)native_stream;
#endif
}

// The user's handles are gone and no command holds the queue any more: every command has
// completed, but for a GPU queue's commands on its stream. Their errors are delivered now, as
// DPC++ delivers them from its queue's destructor, on whichever thread let go of the queue last:
// the user's, or the runtime's that completed the last command. The stream's timeline is waited
// for rather than the queue's events, which this thread must not wait for if it is the stream's
// own (it would wait for itself); the timeline's wait is safe there and covers device work only.
queue_impl::~queue_impl() {
#if defined(TESSERA_WITH_CUDA)
  if (stream) {
    try {
      stream_timeline->wait(stream_timeline->last_ticket());
    } catch (...) {
      report(std::current_exception());
    }
    stream_timeline->close();
    owns_stream_ ? cuda::destroy_stream(stream) : cuda::release_stream(stream);
    for (auto& [ticket, ev] : native_events_) cuda::destroy_event(ev);
  }
#endif
  deliver_uncatchable("the destruction of its queue");
}

sycl::event queue_impl::submit(command_group&& cg) {
  if (auto straight = enqueue_now(cg)) return *std::move(straight);
  auto ev = std::make_shared<event_impl>();
  ev->profiling = profiling;
  if (profiling || trace::on()) ev->submit_ns = now_ns();
  ev->queue = weak_from_this();
  auto deps = std::move(cg.depends);
  merge_by_buffer(cg.requirements);
  // The trace's arrows: what the command group names, every access its buffers' accesses follow
  // (completed ones too), and what the stream orders.
  const bool traced = trace::on();
  std::vector<std::shared_ptr<event_impl>> shown;
  if (traced) shown = deps;
  for (auto& r : cg.requirements) r.buffer->order_access(r.mode, ev, deps, traced ? &shown : nullptr);
  {
    std::lock_guard lock(mutex_);
    const std::size_t own = deps.size();
    // A command of this queue's stream follows the last one there without waiting on the host.
    if (in_order && last_ticket_ && !cg.enqueue) deps.push_back(event_for(last_ticket_));
    if (in_order && last_ && !(cg.enqueue && last_->on(stream_timeline.get()))) deps.push_back(last_);
    if (traced) shown.insert(shown.end(), deps.begin() + static_cast<std::ptrdiff_t>(own), deps.end());
    if (cg.enqueue) drop_enqueued_on(stream_timeline.get(), deps);
    if (in_order) last_ = ev, last_ticket_ = 0;
    track(ev);
  }
  ev->record_waits(deps);
  if (trace::on()) ev->trace_id = trace::record_command(ev, cg.trace, device, trace_number_, shown);
  // Nothing to wait for on the host: start now, without the bookkeeping of a deferred start.
  if (deps.empty()) {
    start(ev, std::move(cg));
    return sycl::event(ev);
  }
  auto deferred = std::make_shared<command_group>(std::move(cg));
  auto remaining = std::make_shared<std::atomic<std::size_t>>(deps.size());
  auto go = [self = shared_from_this(), ev, deferred, remaining] {
    if (remaining->fetch_sub(1, std::memory_order_acq_rel) == 1) self->start(ev, std::move(*deferred));
  };
  for (auto& d : deps) d->then(go);
  return sycl::event(ev);
}

// The common GPU command (a kernel on USM, ordered after its queue's previous command, not
// profiled) goes onto the stream at once and is named by its ticket there: no event object, no
// completion to register, nothing for another thread to drop. The queue's lock is held through
// the launch so that the stream's order is the queue's.
std::optional<sycl::event> queue_impl::enqueue_now(command_group& cg) {
  if (!cg.enqueue || !cg.requirements.empty() || profiling || trace::on()) return std::nullopt;
  std::lock_guard lock(mutex_);
  const auto ordered = [this](const event_impl& e) { return e.on(stream_timeline.get()) || e.is_complete(); };
  if (in_order && last_ && !ordered(*last_)) return std::nullopt;
  for (auto& d : cg.depends)
    if (!ordered(*d)) return std::nullopt;
  try {
    make_current();
    cg.enqueue();
  } catch (...) {
    report(std::current_exception());
    return sycl::event(); // complete: its error waits for wait_and_throw
  }
  const std::uint64_t ticket = stream_timeline->enqueued();
  if (in_order) last_ = nullptr, last_ticket_ = ticket;
  return sycl::event(shared_from_this(), ticket); // queue::wait waits for it through the timeline
}

void* queue_impl::native_event(std::uint64_t ticket) {
#if defined(TESSERA_WITH_CUDA)
  std::lock_guard lock(mutex_);
  void*& ev = native_events_[ticket];
  if (!ev) ev = cuda::record_event(device, stream);
  return ev;
#else
  (void)ticket;
  return nullptr; // no queue of a CPU-only Tessera has a stream
#endif
}

std::shared_ptr<event_impl> queue_impl::event_for(std::uint64_t ticket) {
  auto ev = std::make_shared<event_impl>();
  ev->queue = weak_from_this();
  ev->bind_unshared(stream_timeline, ticket);
  return ev;
}

// Commands mostly complete in order: dropping finished ones from the front keeps this O(1).
void queue_impl::track(const std::shared_ptr<event_impl>& ev) {
  while (!pending_.empty() && pending_.front()->is_complete()) pending_.pop_front();
  pending_.push_back(ev);
}

// A command's USM pins are released before its event completes: a thread that waited for it
// may free the memory at once.
void queue_impl::start(const std::shared_ptr<event_impl>& ev, command_group cg) {
  const bool host_task = cg.host_task;
  ev->mark_running();
  auto pins = std::make_shared<std::vector<std::shared_ptr<usm_pin>>>(std::move(cg.pins));
  const auto unpin = [](const auto& ps) {
    for (auto& p : *ps) p->release();
  };
  try {
    // Host tasks see buffers on the host, but those that take an interop_handle; everything else
    // on the queue's device.
    for (auto& r : cg.requirements)
      host_task && !cg.interop ? r.buffer->prepare_host(r.mode) : r.buffer->prepare(device, r.mode, stream);
  } catch (...) {
    unpin(pins);
    return complete(*ev, std::current_exception());
  }
  if (cg.enqueue) return enqueue(ev, cg);
  // The requirements travel with the completion, so that buffers outlive the work on them; so
  // does the queue, which receives the command's error after the user's handles may be gone.
  completion finish = [self = shared_from_this(), ev, reqs = std::move(cg.requirements), pins,
                       unpin](std::exception_ptr e) {
    unpin(pins);
    self->complete(*ev, std::move(e));
  };
  if (!cg.run) return finish(nullptr);
  if (host_task) {
    void* settle = cg.interop ? stream : nullptr;
    host_task_pool().submit(
        1,
        [run = std::move(cg.run), finish = std::move(finish), settle, &gpu = device](std::size_t) {
          if (!settle) return run(finish);
          try {
            settle_native_work(gpu, settle);
          } catch (...) {
            return finish(std::current_exception());
          }
          run([finish, settle, &gpu](std::exception_ptr e) {
            if (!e) try {
                settle_native_work(gpu, settle);
              } catch (...) {
                e = std::current_exception();
              }
            finish(std::move(e));
          });
        },
        [] {});
    return;
  }
  const trace::starting_command traced(ev->trace_id); // the pool's share of it shows on its threads
  try {
    cg.run(std::move(finish));
  } catch (...) {
    // A launch that throws has not handed `finish` on (run takes it only to pass it to a backend).
    unpin(pins);
    complete(*ev, std::current_exception());
  }
}

// A GPU command whose event others may already hold: the stream's error sink reports its
// errors, and its buffers are kept until the stream has finished with them.
void queue_impl::enqueue(const std::shared_ptr<event_impl>& ev, command_group& cg) {
  const bool marks = profiling || ev->trace_id;
  if (marks) begin_marks(*ev);
  try {
    make_current();
    cg.enqueue();
  } catch (...) {
    if (marks) end_marks(*ev);
    return complete(*ev, std::current_exception());
  }
  if (marks) end_marks(*ev);
  const std::uint64_t ticket = stream_timeline->enqueued();
  ev->bind(stream_timeline, ticket);
  if (!cg.requirements.empty())
    stream_timeline->when_reached(ticket, [reqs = std::move(cg.requirements)](std::exception_ptr) {}, false);
}

void queue_impl::make_current() const {
#if defined(TESSERA_WITH_CUDA)
  if (cuda::several_gpus()) cuda::make_current(device);
#endif
}

void queue_impl::complete(event_impl& ev, std::exception_ptr e) {
  // Hand the error over before completing: nothing of this thread may still hold it when the
  // waiting thread receives it (its reference count is invisible to ThreadSanitizer).
  if (e) report(std::move(e));
  ev.mark_complete();
}

void queue_impl::begin_marks(event_impl& ev) {
  ev.gpu_marks.store(event_impl::marks::pending, std::memory_order_relaxed);
#if defined(TESSERA_WITH_CUDA)
  ev.gpu_start = cuda::timing_mark(device, stream);
#endif
}

void queue_impl::end_marks(event_impl& ev) {
#if defined(TESSERA_WITH_CUDA)
  ev.gpu_end = cuda::timing_mark(device, stream);
#endif
  ev.gpu_marks.store(event_impl::marks::ready, std::memory_order_release);
}

void queue_impl::wait(const char* waiter) {
  const trace::timed_wait timed(waiter);
  std::vector<std::shared_ptr<event_impl>> events;
  std::uint64_t enqueued = 0;
  {
    std::lock_guard lock(mutex_);
    events.assign(pending_.begin(), pending_.end());
    if (stream_timeline) enqueued = stream_timeline->last_ticket();
  }
  for (auto& e : events) e->wait(waiter);
  if (stream_timeline) stream_timeline->wait(enqueued);
}

void queue_impl::report(std::exception_ptr e) {
  std::lock_guard lock(mutex_);
  errors_.push_back(std::move(e));
}

// Without an async_handler the default one reports every error and ends the program
// (SYCL 2020 §4.13.1.2), as DPC++ does.
void queue_impl::throw_asynchronous(const char* occasion) {
  std::vector<std::exception_ptr> errors;
  {
    std::lock_guard lock(mutex_);
    errors.swap(errors_);
  }
  if (errors.empty()) return;
  if (handler_) return handler_(sycl::exception_list(std::move(errors)));
  default_async_handler(sycl::exception_list(std::move(errors)), occasion);
}

// The last sycl::queue handle is gone. Its destruction does not wait for the queue's commands
// (SYCL 2020 §3.9.8.1 and §4.6.5.1; DPC++ neither): a host task may wait for the very thread that
// destroys the queue. The errors that have arrived are delivered now, on the user's thread (the
// latest moment §4.13.1.1 allows); those of commands still running, when the queue itself goes.
void queue_impl::close() noexcept { deliver_uncatchable("the destruction of its queue"); }

void queue_impl::wait_for_exit() noexcept {
  try {
    wait("the end of the program");
  } catch (...) {
    report_fatal("the program ended while commands of a queue could never finish", std::current_exception());
  }
}

void queue_impl::deliver_uncatchable(const char* occasion) noexcept {
  try {
    throw_asynchronous(occasion);
  } catch (...) {
    report_fatal("an exception escaped the async_handler while its queue was destroyed", std::current_exception());
  }
}

} // namespace tessera::runtime

namespace sycl {

namespace {
// What the user's handles share: the runtime's own references (a running command's completion,
// an event's queue) hold the queue_impl itself, so that the last sycl::queue going closes the
// queue on the user's thread, whatever is still in flight.
struct queue_owner {
  std::shared_ptr<tessera::runtime::queue_impl> impl;
  ~queue_owner() { impl->close(); }
};
std::shared_ptr<tessera::runtime::queue_impl> owned(std::shared_ptr<tessera::runtime::queue_impl> impl) {
  tessera::runtime::wait_at_exit(impl);
  auto owner = std::make_shared<queue_owner>(queue_owner{std::move(impl)});
  auto* p = owner->impl.get();
  return std::shared_ptr<tessera::runtime::queue_impl>(std::move(owner), p);
}
} // namespace

namespace {
const device& in_context(const context& c, const device& d) {
  if (!tessera::detail::context_has_device(c, d))
    throw exception(errc::invalid, "queue: " + d.impl().name + " is not a device of the context given");
  return d;
}
} // namespace

namespace {
// sycl_ext_oneapi_queue_priority: at most one priority.
const property_list& valid(const property_list& props) {
  namespace oneapi = ext::oneapi::property::queue;
  if (props.has_property<oneapi::priority_low>() + props.has_property<oneapi::priority_normal>() +
          props.has_property<oneapi::priority_high>() > 1)
    throw exception(errc::invalid, "queue: more than one of the priorities priority_low, priority_normal and "
                                   "priority_high (sycl_ext_oneapi_queue_priority allows one)");
  return props;
}
} // namespace

queue::queue(const context& c, const device& d, const async_handler& h, const property_list& props)
    : impl_(owned(std::make_shared<tessera::runtime::queue_impl>(
          in_context(c, d).impl(), h ? h : c.handler(), valid(props).has_property<property::queue::in_order>(),
          props.has_property<property::queue::enable_profiling>()))),
      context_(c), props_(props) {}

queue::queue(std::shared_ptr<tessera::runtime::queue_impl> impl, const context& c)
    : impl_(owned(std::move(impl))), context_(c) {}

device queue::get_device() const { return device(&impl_->device); }
void* queue::backend_stream() const { return impl_->stream; }
bool queue::is_in_order() const { return props_.has_property<property::queue::in_order>(); }
void queue::wait() { impl_->wait("queue::wait"); }
void queue::wait_and_throw() {
  impl_->wait("queue::wait_and_throw");
  impl_->throw_asynchronous("queue::wait_and_throw");
}
void queue::throw_asynchronous() { impl_->throw_asynchronous("queue::throw_asynchronous"); }
event queue::submit(tessera::runtime::command_group&& cg) { return impl_->submit(std::move(cg)); }

void event::wait() {
  const tessera::runtime::trace::timed_wait timed("event::wait");
  if (impl_) return impl_->wait("event::wait");
  queue_->stream_timeline->wait(ticket_);
}

void event::wait_and_throw() {
  wait();
  if (!impl_) return queue_->throw_asynchronous("event::wait_and_throw");
  if (auto q = impl_->queue.lock()) q->throw_asynchronous("event::wait_and_throw");
}

// The backend of the queue the command was submitted to. An event of no queue (default-made, or
// outliving its queue) is DPC++'s "host" event; Tessera says the default platform's backend.
backend event::get_backend() const noexcept {
  if (queue_) return detail::backend_of(queue_->device.kind);
  if (auto q = impl_->queue.lock()) return detail::backend_of(q->device.kind);
  if (impl_->native_device) return detail::backend_of(impl_->native_device->kind);
  return platform().get_backend();
}

std::shared_ptr<tessera::runtime::event_impl> event::impl() const {
  return impl_ ? impl_ : queue_->event_for(ticket_);
}

tessera::runtime::event_impl::state event::status() const {
  using state = tessera::runtime::event_impl::state;
  if (impl_) return impl_->status();
  return queue_->stream_timeline->asked(ticket_) ? state::complete : state::running;
}

std::uint64_t event::profiling_timestamp(int which) const {
  if (!impl_ || !impl_->profiling)
    throw exception(errc::invalid, "profiling info requested from an event of a queue without enable_profiling");
  if (!impl_->is_complete() && which > 0) impl_->wait("event::get_profiling_info");
  if (which == 0) return impl_->submit_ns;
  const auto span = tessera::runtime::run_span(*impl_);
  return which == 1 ? span.start : span.end;
}

} // namespace sycl

namespace tessera::runtime {
void* native_stream(const sycl::queue& q) { return q.backend_stream(); }

// The stream's GPU must be one of the context's (as queue's constructor asks of its device). The
// queue is out-of-order, as DPC++ makes it; its commands are ordered on the stream anyway.
sycl::queue queue_on_stream(void* stream, const sycl::context& c, const sycl::async_handler& h) {
  if (!stream) throw sycl::exception(sycl::errc::invalid, "make_queue: the CUstream is null");
#if defined(TESSERA_WITH_CUDA)
  const device_impl& gpu = gpu_of_ordinal(cuda::device_of_stream(stream), "make_queue");
  if (!tessera::detail::context_has_device(c, sycl::device(&gpu)))
    throw sycl::exception(sycl::errc::invalid, "make_queue: the CUstream's GPU is not a device of the context given");
  return sycl::queue(std::make_shared<queue_impl>(gpu, h ? h : c.handler(), false, false, stream), c);
#else
  (void)h;
  (void)c;
  throw sycl::exception(sycl::errc::feature_not_supported, "make_queue: this Tessera was built without its CUDA backend");
#endif
}

// A command that went onto a GPU stream has one; a host task, or a command still waiting for
// others, has none yet.
void* native_event(const sycl::event& e) {
  std::shared_ptr<queue_impl> q = e.queue_;
  std::uint64_t ticket = e.ticket_;
  if (e.impl_) {
    if (e.impl_->native) return e.impl_->native;
    q = e.impl_->queue.lock();
    ticket = q && q->stream_timeline ? e.impl_->ticket_on(q->stream_timeline.get()) : 0;
  }
  return q && ticket ? q->native_event(ticket) : nullptr;
}

// Complete once the CUevent is: a host-task thread waits for it, as a host task would.
sycl::event event_of_native(void* cu_event, const sycl::context& c) {
  if (!cu_event) throw sycl::exception(sycl::errc::invalid, "make_event: the CUevent is null");
  auto ev = std::make_shared<event_impl>();
  ev->native = cu_event;
  ev->native_device = &c.get_devices().front().impl();
#if defined(TESSERA_WITH_CUDA)
  if (cuda::event_done(cu_event)) {
    ev->mark_complete();
    return sycl::event(ev);
  }
  ev->mark_running();
  host_task_pool().submit(
      1,
      [ev](std::size_t) {
        try {
          cuda::wait_event(ev->native);
        } catch (...) {
          // No queue to report to: the event completes, as the CUevent did, with its error.
        }
        ev->mark_complete();
      },
      [] {});
  return sycl::event(ev);
#else
  throw sycl::exception(sycl::errc::feature_not_supported, "make_event: this Tessera was built without its CUDA backend");
#endif
}

span_ns run_span(const event_impl& ev) {
  std::uint64_t start = ev.start_ns, end = ev.end_ns;
  // A GPU command's marks are recorded by its submitting thread just after the launch.
  while (ev.gpu_marks.load(std::memory_order_acquire) == event_impl::marks::pending) std::this_thread::yield();
#if defined(TESSERA_WITH_CUDA)
  if (ev.gpu_start && ev.gpu_end) {
    // The reference that places GPU time on the host clock is good to a few microseconds;
    // the spec's order submit <= start <= end must hold regardless.
    start = std::max(cuda::mark_ns(ev.gpu_start), ev.submit_ns);
    end = cuda::mark_ns(ev.gpu_end);
  }
#endif
  return {start, std::max(end, start)}; // a GPU command has no host end time
}

} // namespace tessera::runtime
