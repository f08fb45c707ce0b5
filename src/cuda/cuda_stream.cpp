#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime_api.h>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "sycl/exception.hpp"
#include "tessera/backend/cuda/runtime.hpp"
#include "tessera/runtime/timeline.hpp"

namespace tessera::cuda {

namespace {
sycl::errc errc_of(cudaError_t e) {
  switch (e) {
  case cudaErrorMemoryAllocation: return sycl::errc::memory_allocation;
  case cudaErrorInvalidConfiguration:
  case cudaErrorLaunchOutOfResources: return sycl::errc::nd_range;
  case cudaErrorIllegalAddress:
  case cudaErrorLaunchFailure:
  case cudaErrorMisalignedAddress:
  case cudaErrorIllegalInstruction:
  case cudaErrorLaunchTimeout: return sycl::errc::kernel;
  default: return sycl::errc::runtime;
  }
}

// A kernel's assert() failed: CUDA has printed where (file, line, function, block and thread), and
// the process's CUDA context is lost. The program ends, as DPC++ ends it (std::abort on the host:
// its design document "Assert feature") and as assert() ends it on the CPU. CUDA prints through
// stdout, which std::abort does not flush.
[[noreturn]] void end_for_device_assert(const char* what) {
  std::fflush(stdout);
  std::fprintf(stderr,
               "Tessera: %s: an assert() failed in a kernel on the GPU (CUDA's message above names its file, line, "
               "function, block and thread); the program ends\n",
               what);
  std::abort();
}

std::exception_ptr to_exception(cudaError_t e, const char* what) {
  if (e == cudaErrorAssert) end_for_device_assert(what);
  return std::make_exception_ptr(sycl::exception(
      errc_of(e), std::string(what) + ": " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ")"));
}

// A stream's commands are seen to complete through events recorded on the stream, in batches:
// never through host callbacks, which stall the stream for a round trip and may not call CUDA.
// A thread that calls CUDA on a stream while another launches on it slows every launch (by ~2 us
// when it does so without pause, docs/performance.md), so the submitting thread records one
// event per `batch_size` commands and a thread that waits records at once (prompt) and waits on
// the event itself. Each stream also has a runtime thread, for continuations (commands of other
// queues waiting for this one, buffers to release): it finishes batches nobody waits for, and it
// records for continuations only once submissions have paused for `quiet`. While the stream is
// busy the thread polls; the submitting thread never has to wake it.
class stream_timeline final : public runtime::timeline, public std::enable_shared_from_this<stream_timeline> {
public:
  stream_timeline(cudaStream_t s, int device, error_sink on_error)
      : stream_(s), device_(device), on_error_(std::move(on_error)), thread_([this] { run(); }) {}
  ~stream_timeline() override {
    if (thread_.joinable()) close();
    for (cudaEvent_t ev : free_) cudaEventDestroy(ev);
  }

  std::uint64_t enqueued() override {
    const std::uint64_t t = issued_.fetch_add(1, std::memory_order_acq_rel) + 1;
    if (t - recorded_.load(std::memory_order_relaxed) >= batch_size) record();
    return t;
  }

  std::uint64_t last_ticket() const override { return issued_.load(std::memory_order_acquire); }

  void prompt(std::uint64_t ticket) override {
    if (recorded_.load(std::memory_order_acquire) < ticket) record();
  }

  // The waiting thread finishes batches itself: handing that to another thread would cost the
  // round trip of waking it.
  void wait(std::uint64_t ticket) override {
    if (reached(ticket)) return;
    prompt(ticket);
    std::unique_lock lock(mutex_);
    while (!reached(ticket)) {
      if (!batches_.empty() && !finishing_) {
        finish_front(lock);
        continue;
      }
      ++waiters_; // another thread is finishing the batch
      done_.wait(lock);
      --waiters_;
    }
  }

  void when_reached(std::uint64_t ticket, runtime::completion f, bool soon) override {
    {
      std::unique_lock lock(mutex_);
      if (!reached(ticket)) {
        continuations_.emplace(ticket, std::move(f));
        if (soon) record_locked();
        wake_.notify_one();
        return;
      }
    }
    f(nullptr); // its error, if any, has been reported
  }

  // Before the stream is destroyed. Its thread ends once every command has been seen to complete
  // and the continuations that others registered have run; on that thread itself (a continuation
  // dropped the last reference to the queue) it cannot be joined, so it ends on its own, holding
  // this timeline.
  void close() override {
    {
      std::lock_guard lock(mutex_);
      record_locked(); // events that outlive the queue still complete
      stopping_ = true;
      on_error_ = nullptr;
      if (std::this_thread::get_id() == thread_.get_id()) {
        self_ = shared_from_this();
        thread_.detach();
      }
    }
    wake_.notify_one();
    if (thread_.joinable()) thread_.join();
  }

private:
  using clock = std::chrono::steady_clock;
  static constexpr std::uint64_t batch_size = 64;
  static constexpr auto quiet = std::chrono::microseconds(50);
  static constexpr auto poll = std::chrono::microseconds(100);
  static constexpr auto linger = std::chrono::milliseconds(10); // polling after the last batch

  struct batch {
    cudaEvent_t ev;
    std::uint64_t upto; // the last ticket it covers
    cudaError_t recorded;
  };

  void record() {
    std::lock_guard lock(mutex_);
    record_locked();
  }

  // Every ticket issued before the event is recorded is covered by it: its work was enqueued
  // before its ticket was.
  void record_locked() {
    const std::uint64_t upto = issued_.load(std::memory_order_acquire);
    if (upto <= recorded_.load(std::memory_order_relaxed)) return;
    batch b{take_event(), upto, cudaSuccess};
    b.recorded = b.ev ? cudaEventRecord(b.ev, stream_) : cudaErrorMemoryAllocation;
    if (b.recorded != cudaSuccess) cudaGetLastError(); // the batch finishes with this error
    recorded_.store(upto, std::memory_order_release);
    batches_.push_back(b);
    if (sleeping_) wake_.notify_one();
  }

  cudaEvent_t take_event() {
    if (!free_.empty()) {
      cudaEvent_t ev = free_.back();
      free_.pop_back();
      return ev;
    }
    int current = 0;
    cudaGetDevice(&current);
    cudaSetDevice(device_);
    cudaEvent_t ev = nullptr;
    if (cudaEventCreateWithFlags(&ev, cudaEventDisableTiming) != cudaSuccess) ev = nullptr;
    cudaSetDevice(current);
    return ev;
  }

  bool finishable() const { return !batches_.empty() && !finishing_; }
  // Someone waits for a command that no recorded event covers yet.
  bool awaited_uncovered() const {
    return !continuations_.empty() && continuations_.rbegin()->first > recorded_.load(std::memory_order_relaxed);
  }

  void run() {
    cudaSetDevice(device_);
    std::unique_lock lock(mutex_);
    auto busy = clock::now();
    for (;;) {
      if (finishable()) {
        finish_front(lock);
        busy = clock::now();
      } else if (awaited_uncovered()) {
        // Submissions in a burst would slow down if this thread recorded between them.
        const std::uint64_t seen = issued_.load(std::memory_order_acquire);
        if (wake_.wait_for(lock, quiet) == std::cv_status::timeout && issued_.load() == seen) record_locked();
      } else if (stopping_ && batches_.empty() && continuations_.empty()) {
        break;
      } else if (clock::now() - busy < linger || finishing_) {
        wake_.wait_for(lock, poll);
      } else {
        sleeping_ = true;
        wake_.wait(lock, [this] { return finishable() || awaited_uncovered() || stopping_; });
        sleeping_ = false;
      }
    }
    auto self = std::move(self_); // the last reference may be this thread's own
    lock.unlock();
  }

  // Waits for the oldest batch, then completes what it covers. Errors go to the queue first, so
  // that whoever sees the command complete also finds its error there. Continuations run on the
  // finishing thread, after the lock is released.
  void finish_front(std::unique_lock<std::mutex>& lock) {
    finishing_ = true;
    const batch b = batches_.front();
    const error_sink sink = on_error_; // a small copy: it holds a pointer to the queue
    lock.unlock();
    const cudaError_t err = b.recorded != cudaSuccess ? b.recorded : cudaEventSynchronize(b.ev);
    std::exception_ptr error;
    if (err != cudaSuccess) {
      cudaGetLastError();
      error = to_exception(err, "kernel execution");
    } else if (check_enabled()) {
      error = take_check_failure(stream_);
    }
    if (error && sink) sink(error); // outside the lock: the queue's own lock is taken before this one
    lock.lock();
    batches_.pop_front();
    if (b.ev) free_.push_back(b.ev);
    completed_.store(b.upto, std::memory_order_release);
    std::vector<runtime::completion> due;
    const auto end = continuations_.upper_bound(b.upto);
    for (auto it = continuations_.begin(); it != end; ++it) due.push_back(std::move(it->second));
    continuations_.erase(continuations_.begin(), end);
    finishing_ = false;
    if (waiters_) done_.notify_all();
    if (sleeping_ && !batches_.empty()) wake_.notify_one();
    lock.unlock();
    for (auto& f : due) f(error);
    due.clear(); // a continuation may hold the last reference to a queue, whose destructor locks
    lock.lock();
  }

  cudaStream_t stream_;
  int device_;
  std::mutex mutex_;
  std::condition_variable wake_; // the thread: a continuation, the end, or a batch while it sleeps
  std::condition_variable done_; // waiters: a batch was finished
  std::size_t waiters_ = 0;
  bool finishing_ = false; // some thread waits on the front batch's event
  bool sleeping_ = false;  // the thread waits without a timeout
  error_sink on_error_;
  std::atomic<std::uint64_t> issued_{0};
  std::atomic<std::uint64_t> recorded_{0};
  std::deque<batch> batches_; // recorded, in stream order
  std::multimap<std::uint64_t, runtime::completion> continuations_;
  std::vector<cudaEvent_t> free_;
  bool stopping_ = false;
  std::shared_ptr<stream_timeline> self_;
  std::thread thread_;
};

} // namespace

void throw_if_error(int cuda_error, const char* what) {
  const auto e = static_cast<cudaError_t>(cuda_error);
  if (e != cudaSuccess) {
    cudaGetLastError(); // clear a non-sticky error so that the queue stays usable
    std::rethrow_exception(to_exception(e, what));
  }
}

std::atomic<bool> streams_on_several_gpus{false};
namespace {
std::atomic<int> first_stream_gpu{-1};
} // namespace

void make_current(const runtime::device_impl& d) {
  int current = -1;
  cudaGetDevice(&current);
  if (current != d.ordinal) set_device(d);
}

stream_and_timeline adopt_stream(const runtime::device_impl& d, stream s, error_sink on_error) {
  int first = -1;
  if (!first_stream_gpu.compare_exchange_strong(first, d.ordinal) && first != d.ordinal)
    streams_on_several_gpus.store(true, std::memory_order_relaxed);
  return {s, std::make_shared<stream_timeline>(static_cast<cudaStream_t>(s), d.ordinal, std::move(on_error))};
}

stream_and_timeline create_stream(const runtime::device_impl& d, error_sink on_error) {
  set_device(d);
  cudaStream_t s = nullptr;
  throw_if_error(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "creating a CUDA stream");
  return adopt_stream(d, s, std::move(on_error));
}

void release_stream(stream s) {
  cudaStreamSynchronize(static_cast<cudaStream_t>(s));
  release_scratch(s);
  release_check_target(s);
}

void destroy_stream(stream s) {
  release_stream(s);
  cudaStreamDestroy(static_cast<cudaStream_t>(s));
}

void synchronize(stream s) { throw_if_error(cudaStreamSynchronize(static_cast<cudaStream_t>(s)), "synchronizing"); }

} // namespace tessera::cuda
