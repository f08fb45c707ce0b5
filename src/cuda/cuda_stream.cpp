#include <condition_variable>
#include <cuda_runtime_api.h>
#include <deque>
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

// Completions are found by a runtime thread that waits on an event recorded after each command:
// the stream itself never stops for the host (a host callback would stall it for a round trip),
// and the thread may call CUDA, which CUDA's own callback threads may not.
class completion_thread {
public:
  static completion_thread& instance() {
    static completion_thread t;
    return t;
  }
  void post(cudaEvent_t ev, runtime::completion done) {
    {
      std::lock_guard lock(mutex_);
      pending_.push_back({ev, std::move(done)});
    }
    wake_.notify_one();
  }
  cudaEvent_t take_event() {
    std::lock_guard lock(mutex_);
    if (free_.empty()) {
      cudaEvent_t ev = nullptr;
      throw_if_error(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming), "creating a CUDA event");
      return ev;
    }
    cudaEvent_t ev = free_.back();
    free_.pop_back();
    return ev;
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
  struct entry {
    cudaEvent_t ev;
    runtime::completion done;
  };
  completion_thread() : thread_([this] { run(); }) {}
  void run() {
    std::unique_lock lock(mutex_);
    for (;;) {
      wake_.wait(lock, [this] { return stopping_ || !pending_.empty(); });
      if (pending_.empty()) return;
      entry e = std::move(pending_.front());
      pending_.pop_front();
      lock.unlock();
      const cudaError_t err = cudaEventSynchronize(e.ev);
      if (err != cudaSuccess) cudaGetLastError();
      e.done(err == cudaSuccess ? nullptr : to_exception(err, "kernel execution"));
      lock.lock();
      free_.push_back(e.ev);
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<entry> pending_;
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
  auto& t = completion_thread::instance();
  cudaEvent_t ev = t.take_event();
  const cudaError_t e = cudaEventRecord(ev, static_cast<cudaStream_t>(s));
  if (e != cudaSuccess) {
    cudaGetLastError();
    return done(to_exception(e, "recording a CUDA event"));
  }
  t.post(ev, std::move(done));
}

void synchronize(stream s) { throw_if_error(cudaStreamSynchronize(static_cast<cudaStream_t>(s)), "synchronizing"); }

} // namespace tessera::cuda
