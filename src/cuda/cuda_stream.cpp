#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cuda_runtime_api.h>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <vector>

#include "sycl/exception.hpp"
#include "tessera/backend/cuda/runtime.hpp"

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
  case cudaErrorAssert:
  case cudaErrorIllegalInstruction:
  case cudaErrorLaunchTimeout: return sycl::errc::kernel;
  default: return sycl::errc::runtime;
  }
}

std::exception_ptr to_exception(cudaError_t e, const char* what) {
  return std::make_exception_ptr(sycl::exception(
      errc_of(e), std::string(what) + ": " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ")"));
}

// Each stream has a runtime thread that learns of completions by waiting on events recorded on
// the stream: a stream never stops for the host (a host callback would stall it for a round trip),
// and the thread may call CUDA, which CUDA's own callback threads may not. Commands are covered
// in batches, each by one event that the submitting thread records. A thread that records or
// queries events on a stream while another launches on it slows every launch by about 2 us
// (measured on an H100, docs/performance.md), so the stream's own thread records only once
// submissions have paused for `quiet`, and a thread about to wait on a command records at once
// (flush).
class stream_completions {
public:
  explicit stream_completions(cudaStream_t s) : stream_(s), thread_([this] { run(); }) {}
  ~stream_completions() {
    if (thread_.joinable()) {
      stop(false);
      thread_.join();
    }
    for (cudaEvent_t ev : free_) cudaEventDestroy(ev);
  }

  // A completion may drop the last reference to its queue, which then destroys the stream on
  // this stream's own thread: that thread cannot join itself, so it finishes and deletes `sc`.
  static void retire(std::unique_ptr<stream_completions> sc) {
    if (std::this_thread::get_id() != sc->thread_.get_id()) return; // joined by the destructor
    auto* self = sc.release();
    self->thread_.detach();
    self->stop(true);
  }

  // A command after a pause is covered at once (a launch then a wait is the common round trip);
  // one in a burst waits for its batch to fill, for the burst to pause, or for a flush.
  void add(runtime::completion done) {
    std::unique_lock lock(mutex_);
    const auto now = clock::now();
    const bool after_pause = now - last_add_ >= quiet;
    last_add_ = now;
    open_.push_back(std::move(done));
    adds_.fetch_add(1, std::memory_order_release);
    if (open_.size() >= batch_size || (after_pause && batches_.empty())) record_batch(lock);
    else if (open_.size() == 1 && batches_.empty()) wake_.notify_one(); // the thread times the pause
  }

  void flush() {
    std::unique_lock lock(mutex_);
    if (!open_.empty()) record_batch(lock);
  }

private:
  void stop(bool orphan) {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
      orphan_ = orphan;
    }
    wake_.notify_one();
  }

  using clock = std::chrono::steady_clock;
  static constexpr std::size_t batch_size = 64;
  static constexpr auto quiet = std::chrono::microseconds(50);
  static constexpr auto idle_spin = std::chrono::microseconds(50);

  struct batch {
    cudaEvent_t ev;
    std::vector<runtime::completion> done;
    cudaError_t recorded;
  };

  // A command submitted right after the last completed (a launch-and-wait loop) is caught
  // spinning; being woken from a sleep would cost it several microseconds.
  void idle(std::unique_lock<std::mutex>& lock) {
    const std::size_t seen = adds_.load(std::memory_order_relaxed);
    lock.unlock();
    const auto until = clock::now() + idle_spin;
    while (adds_.load(std::memory_order_acquire) == seen && clock::now() < until) std::this_thread::yield();
    lock.lock();
    if (batches_.empty() && open_.empty() && !stopping_) wake_.wait(lock);
  }

  // Called with the lock held; covers the open commands with one event.
  void record_batch(std::unique_lock<std::mutex>&) {
    batch b{take_event(), std::move(open_), cudaSuccess};
    open_.clear();
    open_.reserve(batch_size);
    b.recorded = cudaEventRecord(b.ev, stream_);
    if (b.recorded != cudaSuccess) cudaGetLastError(); // the thread finishes the batch with this error
    const bool was_idle = batches_.empty();
    batches_.push_back(std::move(b));
    if (was_idle) wake_.notify_one();
  }

  cudaEvent_t take_event() {
    if (!free_.empty()) {
      cudaEvent_t ev = free_.back();
      free_.pop_back();
      return ev;
    }
    cudaEvent_t ev = nullptr;
    cudaEventCreateWithFlags(&ev, cudaEventDisableTiming);
    return ev;
  }

  void run() {
    std::unique_lock lock(mutex_);
    for (;;) {
      if (batches_.empty()) {
        if (stopping_ && open_.empty()) {
          if (!orphan_) return;
          lock.unlock();
          delete this;
          return;
        }
        if (!open_.empty() && (stopping_ || clock::now() - last_add_ >= quiet)) record_batch(lock);
        else if (!open_.empty()) wake_.wait_until(lock, last_add_ + quiet);
        else idle(lock);
        continue;
      }
      batch b = std::move(batches_.front());
      lock.unlock();
      const cudaError_t err = b.recorded != cudaSuccess ? b.recorded : cudaEventSynchronize(b.ev);
      if (err != cudaSuccess) cudaGetLastError();
      for (auto& d : b.done) d(err == cudaSuccess ? nullptr : to_exception(err, "kernel execution"));
      b.done.clear();
      lock.lock();
      batches_.pop_front();
      free_.push_back(b.ev);
    }
  }

  cudaStream_t stream_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::vector<runtime::completion> open_; // commands whose completion no event covers yet
  std::deque<batch> batches_;             // recorded, in stream order; the front is being waited on
  std::vector<cudaEvent_t> free_;
  clock::time_point last_add_;
  std::atomic<std::size_t> adds_{0};
  bool stopping_ = false, orphan_ = false;
  std::thread thread_;
};

// Streams are created and destroyed rarely, looked up at every command. Never destroyed itself:
// queues with static storage duration may outlive any static registry.
class stream_registry {
public:
  static stream_registry& instance() {
    static auto* r = new stream_registry;
    return *r;
  }
  void add(cudaStream_t s) {
    std::lock_guard lock(mutex_);
    streams_.emplace(s, std::make_unique<stream_completions>(s));
  }
  stream_completions& at(cudaStream_t s) {
    std::lock_guard lock(mutex_);
    return *streams_.at(s);
  }
  void remove(cudaStream_t s) {
    std::unique_ptr<stream_completions> gone;
    {
      std::lock_guard lock(mutex_);
      auto it = streams_.find(s);
      gone = std::move(it->second);
      streams_.erase(it);
    }
    stream_completions::retire(std::move(gone));
  }

private:
  std::mutex mutex_;
  std::unordered_map<cudaStream_t, std::unique_ptr<stream_completions>> streams_;
};
} // namespace

void throw_if_error(int cuda_error, const char* what) {
  const auto e = static_cast<cudaError_t>(cuda_error);
  if (e != cudaSuccess) {
    cudaGetLastError(); // clear a non-sticky error so that the queue stays usable
    std::rethrow_exception(to_exception(e, what));
  }
}

void check_launch(const char* what) { throw_if_error(cudaGetLastError(), what); }

stream create_stream(const runtime::device_impl& d) {
  set_device(d);
  cudaStream_t s = nullptr;
  throw_if_error(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "creating a CUDA stream");
  stream_registry::instance().add(s);
  return s;
}

void destroy_stream(stream s) {
  auto cs = static_cast<cudaStream_t>(s);
  cudaStreamSynchronize(cs);
  stream_registry::instance().remove(cs); // after its last completions have run
  release_scratch(s);
  cudaStreamDestroy(cs);
}

void complete_after(stream s, runtime::completion done) {
  stream_registry::instance().at(static_cast<cudaStream_t>(s)).add(std::move(done));
}

void flush(stream s) { stream_registry::instance().at(static_cast<cudaStream_t>(s)).flush(); }

void synchronize(stream s) { throw_if_error(cudaStreamSynchronize(static_cast<cudaStream_t>(s)), "synchronizing"); }

} // namespace tessera::cuda
