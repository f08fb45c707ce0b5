#include <condition_variable>
#include <cuda_runtime_api.h>
#include <deque>
#include <mutex>
#include <thread>

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

// CUDA's host callbacks may not call CUDA; completions therefore hop to this thread, which may.
class completion_thread {
public:
  static completion_thread& instance() {
    static completion_thread t;
    return t;
  }
  void post(runtime::completion done) {
    {
      std::lock_guard lock(mutex_);
      pending_.push_back(std::move(done));
    }
    wake_.notify_one();
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
  completion_thread() : thread_([this] { run(); }) {}
  void run() {
    std::unique_lock lock(mutex_);
    for (;;) {
      wake_.wait(lock, [this] { return stopping_ || !pending_.empty(); });
      if (pending_.empty()) return;
      auto done = std::move(pending_.front());
      pending_.pop_front();
      lock.unlock();
      const cudaError_t e = cudaGetLastError();
      done(e == cudaSuccess || e == cudaErrorNotReady ? nullptr : to_exception(e, "kernel execution"));
      lock.lock();
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<runtime::completion> pending_;
  bool stopping_ = false;
  std::thread thread_;
};

void CUDART_CB on_stream_done(void* data) {
  auto* done = static_cast<runtime::completion*>(data);
  completion_thread::instance().post(std::move(*done));
  delete done;
}
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
  auto* heap = new runtime::completion(std::move(done));
  const cudaError_t e = cudaLaunchHostFunc(static_cast<cudaStream_t>(s), on_stream_done, heap);
  if (e != cudaSuccess) {
    auto d = std::move(*heap);
    delete heap;
    cudaGetLastError();
    d(to_exception(e, "waiting for a CUDA stream"));
  }
}

void synchronize(stream s) { throw_if_error(cudaStreamSynchronize(static_cast<cudaStream_t>(s)), "synchronizing"); }

} // namespace tessera::cuda
