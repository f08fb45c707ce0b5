#include <condition_variable>
#include <cuda_runtime_api.h>
#include <deque>
#include <map>
#include <mutex>
#include <thread>
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

// Completions are found by a runtime thread that waits on events recorded on the streams: a
// stream never stops for the host (a host callback would stall it for a round trip), and the
// thread may call CUDA, which CUDA's own callback threads may not. While a stream has an event in
// flight, later commands only join its next batch; the thread records the batch's event when the
// one before completes, so back-to-back launches cost no event record each.
class completion_thread {
public:
  static completion_thread& instance() {
    static completion_thread t;
    return t;
  }

  void add(cudaStream_t s, runtime::completion done) {
    std::unique_lock lock(mutex_);
    stream_state& st = streams_[s];
    st.open.push_back(std::move(done));
    if (!st.in_flight) launch_batch(s, st, lock);
  }

  ~completion_thread() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_one();
    thread_.join();
  }

private:
  struct stream_state {
    std::vector<runtime::completion> open; // commands whose completion no event covers yet
    bool in_flight = false;
  };
  struct batch {
    cudaStream_t stream;
    cudaEvent_t ev;
    std::vector<runtime::completion> done;
    cudaError_t recorded = cudaSuccess;
  };

  completion_thread() : thread_([this] { run(); }) {}

  // Called with the lock held; records an event covering the stream's open commands.
  void launch_batch(cudaStream_t s, stream_state& st, std::unique_lock<std::mutex>& lock) {
    batch b{s, take_event(), std::move(st.open), cudaSuccess};
    st.open.clear();
    st.in_flight = true;
    lock.unlock();
    const cudaError_t e = cudaEventRecord(b.ev, s);
    lock.lock();
    if (e != cudaSuccess) {
      cudaGetLastError();
      b.recorded = e; // the thread finishes the batch with this error
    }
    pending_.push_back(std::move(b));
    wake_.notify_one();
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
      wake_.wait(lock, [this] { return stopping_ || !pending_.empty(); });
      if (pending_.empty()) return;
      batch b = std::move(pending_.front());
      pending_.pop_front();
      lock.unlock();
      const cudaError_t err = b.recorded != cudaSuccess ? b.recorded : cudaEventSynchronize(b.ev);
      if (err != cudaSuccess) cudaGetLastError();
      for (auto& d : b.done) d(err == cudaSuccess ? nullptr : to_exception(err, "kernel execution"));
      lock.lock();
      free_.push_back(b.ev);
      stream_state& st = streams_[b.stream];
      st.in_flight = false;
      if (!st.open.empty()) launch_batch(b.stream, st, lock);
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<batch> pending_;
  std::map<cudaStream_t, stream_state> streams_;
  std::vector<cudaEvent_t> free_;
  bool stopping_ = false;
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

void check_launch(const char* what) { throw_if_error(cudaGetLastError(), what); }

stream create_stream(const runtime::device_impl& d) {
  set_device(d);
  cudaStream_t s = nullptr;
  throw_if_error(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "creating a CUDA stream");
  return s;
}

void destroy_stream(stream s) {
  cudaStreamSynchronize(static_cast<cudaStream_t>(s));
  cudaStreamDestroy(static_cast<cudaStream_t>(s));
}

void complete_after(stream s, runtime::completion done) {
  completion_thread::instance().add(static_cast<cudaStream_t>(s), std::move(done));
}

void synchronize(stream s) { throw_if_error(cudaStreamSynchronize(static_cast<cudaStream_t>(s)), "synchronizing"); }

} // namespace tessera::cuda
