// The SYCL CUDA backend's interop (sycl/interop.hpp): backend::cuda, get_native and make_* of
// devices, contexts, queues and events, accessors as pointers in kernels, and a host task's
// interop_handle. What the CPU can tell is checked everywhere; the cases that need a GPU skip
// without one (and need this file compiled as CUDA, as build-cuda compiles it).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include <sycl/sycl.hpp>

#include "expect_errc.hpp"
#if defined(SYCL_BACKEND_CUDA)
#include <cuda_runtime_api.h>
#endif

namespace {

constexpr auto cuda = sycl::backend::cuda;

static_assert(sycl::backend::cuda == sycl::backend::ext_oneapi_cuda);
static_assert(std::is_same_v<sycl::backend_return_t<cuda, sycl::device>, int>);
static_assert(std::is_same_v<sycl::backend_input_t<cuda, sycl::device>, int>);
static_assert(std::is_same_v<sycl::backend_input_t<cuda, sycl::context>, CUctx_st*>);
static_assert(std::is_same_v<sycl::backend_return_t<cuda, sycl::context>, std::vector<CUctx_st*>>);
static_assert(std::is_same_v<sycl::backend_return_t<cuda, sycl::queue>, CUstream_st*>);
static_assert(std::is_same_v<sycl::backend_return_t<cuda, sycl::event>, CUevent_st*>);
static_assert(std::is_same_v<sycl::backend_return_t<cuda, sycl::accessor<int, 1, sycl::access_mode::read>>, int*>);
static_assert(std::is_same_v<sycl::backend_return_t<cuda, sycl::local_accessor<float, 2>>, float*>);

TEST(CudaInterop, BackendMacroMarksCudaTranslationUnits) {
#if defined(__CUDA__) || defined(__CUDACC__)
  constexpr bool cuda_unit = true;
#else
  constexpr bool cuda_unit = false;
#endif
#if defined(SYCL_BACKEND_CUDA)
  constexpr bool macro = true;
#else
  constexpr bool macro = false;
#endif
  EXPECT_EQ(cuda_unit, macro);
}

TEST(CudaInterop, CpuObjectsAreOfAnotherBackend) {
  const sycl::device cpu{sycl::cpu_selector_v};
  const sycl::context c{cpu};
  sycl::queue q{c, cpu};
  sycl::event e = q.single_task([] {});
  e.wait();
  expect_errc(sycl::errc::backend_mismatch, "get_native", [&] { (void)sycl::get_native<cuda>(cpu); });
  expect_errc(sycl::errc::backend_mismatch, "get_native", [&] { (void)sycl::get_native<cuda>(c); });
  expect_errc(sycl::errc::backend_mismatch, "get_native", [&] { (void)sycl::get_native<cuda>(q); });
  expect_errc(sycl::errc::backend_mismatch, "get_native", [&] { (void)sycl::get_native<cuda>(e); });
  expect_errc(sycl::errc::backend_mismatch, "make_queue",
              [&] { (void)sycl::make_queue<cuda>(static_cast<CUstream_st*>(nullptr), c); });
  expect_errc(sycl::errc::backend_mismatch, "make_event",
              [&] { (void)sycl::make_event<cuda>(static_cast<CUevent_st*>(nullptr), c); });
  int mismatches = 0;
  sycl::buffer<int> b{sycl::range<1>(1)};
  q.submit([&](sycl::handler& h) {
     sycl::accessor a{b, h, sycl::write_only, sycl::no_init};
     h.host_task([&, a](sycl::interop_handle ih) {
       const auto count = [&](auto f) {
         try {
           f();
         } catch (const sycl::exception& x) {
           mismatches += x.code() == sycl::errc::backend_mismatch;
         }
       };
       count([&] { (void)ih.get_native_queue<cuda>(); });
       count([&] { (void)ih.get_native_device<cuda>(); });
       count([&] { (void)ih.get_native_context<cuda>(); });
       count([&] { (void)ih.get_native_mem<cuda>(a); });
     });
   }).wait();
  EXPECT_EQ(mismatches, 4);
}

TEST(CudaInterop, MakeRefusesWhatNoGpuIs) {
  expect_errc(sycl::errc::invalid, "make_device", [] { (void)sycl::make_device<cuda>(-1); });
  expect_errc(sycl::errc::invalid, "make_context",
              [] { (void)sycl::make_context<cuda>(static_cast<CUctx_st*>(nullptr)); });
}

// On every device: in a kernel, an accessor (of any mode) and a local accessor are the pointers
// to their memory.
TEST(CudaInterop, AccessorsAreTheirPointersInKernels) {
  for (const auto& d : sycl::device::get_devices()) {
    sycl::queue q{d};
    std::vector<int> in{1, 2, 3, 4}, out(4, 0);
    {
      sycl::buffer<int> bin{in.data(), sycl::range<1>(4)};
      sycl::buffer<int> bout{out.data(), sycl::range<1>(4)};
      q.submit([&](sycl::handler& h) {
        sycl::accessor r{bin, h, sycl::read_only};
        sycl::accessor w{bout, h, sycl::write_only};
        sycl::local_accessor<int> local{sycl::range<1>(4), h};
        h.parallel_for(sycl::nd_range<1>(4, 4), [=](sycl::nd_item<1> it) {
          const std::size_t i = it.get_local_id(0);
          int* l = sycl::get_native<sycl::backend::cuda>(local);
          l[i] = sycl::get_native<sycl::backend::cuda>(r)[i] * 10;
          sycl::group_barrier(it.get_group());
          sycl::get_native<sycl::backend::cuda>(w)[i] = l[3 - i];
        });
      });
    }
    EXPECT_EQ(out, (std::vector<int>{40, 30, 20, 10})) << d.get_info<sycl::info::device::name>();
  }
}

#if defined(SYCL_BACKEND_CUDA)

std::vector<sycl::device> gpus() { return sycl::device::get_devices(sycl::info::device_type::gpu); }

// Holds a CUDA stream's later work back until released: a host function that waits on the stream.
class stream_gate {
public:
  explicit stream_gate(cudaStream_t s) : s_(s) {
    const auto wait = [](void* open) {
      while (!static_cast<std::atomic<bool>*>(open)->load()) std::this_thread::yield();
    };
    EXPECT_EQ(cudaLaunchHostFunc(s, wait, &open_), cudaSuccess);
  }
  ~stream_gate() {
    release();
    cudaStreamSynchronize(s_); // the host function has stopped reading open_
  }
  void release() { open_ = true; }

private:
  cudaStream_t s_;
  std::atomic<bool> open_{false};
};

bool pending(const sycl::event& e) {
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  return e.get_info<sycl::info::event::command_execution_status>() != sycl::info::event_command_status::complete;
}

TEST(CudaInteropGpu, DevicesAreTheirCudaNumbers) {
  if (gpus().empty()) GTEST_SKIP() << "no GPU";
  int count = 0;
  ASSERT_EQ(cudaGetDeviceCount(&count), cudaSuccess);
  for (const auto& gpu : gpus()) {
    const int n = sycl::get_native<cuda>(gpu);
    EXPECT_TRUE(n >= 0 && n < count);
    EXPECT_EQ(sycl::make_device<cuda>(n), gpu);
  }
  expect_errc(sycl::errc::invalid, "make_device", [&] { (void)sycl::make_device<cuda>(count); });
}

TEST(CudaInteropGpu, ContextsGiveBackTheirCudaContexts) {
  if (gpus().empty()) GTEST_SKIP() << "no GPU";
  const sycl::device gpu = gpus().front();
  const auto primary = sycl::get_native<cuda>(sycl::context{gpu});
  ASSERT_EQ(primary.size(), 1u);
  ASSERT_NE(primary.front(), nullptr);
  EXPECT_EQ(sycl::get_native<cuda>(sycl::context{gpu}), primary); // one primary context per GPU
  int handled = 0;
  const sycl::context made = sycl::make_context<cuda>(primary.front(), [&](sycl::exception_list) { ++handled; });
  EXPECT_EQ(sycl::get_native<cuda>(made), primary);
  EXPECT_EQ(made.get_devices(), std::vector<sycl::device>{gpu});
  EXPECT_EQ(made.get_backend(), cuda);
  EXPECT_EQ(sycl::get_native<cuda>(sycl::make_context<cuda>(primary.front())), primary);
}

// A queue made of a stream puts its commands there, behind what the stream already holds, and
// leaves the stream to its maker.
TEST(CudaInteropGpu, QueueOfAStreamRunsOnIt) {
  if (gpus().empty()) GTEST_SKIP() << "no GPU";
  const sycl::device gpu = gpus().front();
  const sycl::context c{gpu};
  ASSERT_EQ(cudaSetDevice(sycl::get_native<cuda>(gpu)), cudaSuccess);
  cudaStream_t s = nullptr;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  {
    sycl::queue q = sycl::make_queue<cuda>(s, c);
    EXPECT_EQ(sycl::get_native<cuda>(q), s);
    EXPECT_EQ(sycl::get_native<cuda>(sycl::queue(q)), s);
    EXPECT_EQ(q.get_device(), gpu);
    EXPECT_EQ(q.get_context(), c);
    int* p = sycl::malloc_shared<int>(1, q);
    *p = 0;
    stream_gate gate(s);
    const sycl::event e = q.single_task([=] { *p = 7; });
    EXPECT_TRUE(pending(e));
    gate.release();
    q.wait();
    EXPECT_EQ(*p, 7);
    sycl::free(p, q);
    int handled = 0;
    sycl::queue h = sycl::make_queue<cuda>(s, c, [&](sycl::exception_list) { ++handled; });
    EXPECT_EQ(sycl::get_native<cuda>(h), s);
  }
  EXPECT_EQ(cudaStreamSynchronize(s), cudaSuccess); // still the caller's
  EXPECT_EQ(cudaStreamDestroy(s), cudaSuccess);
}

TEST(CudaInteropGpu, EventOfACudaEventWaitsForIt) {
  if (gpus().empty()) GTEST_SKIP() << "no GPU";
  const sycl::device gpu = gpus().front();
  const sycl::context c{gpu};
  ASSERT_EQ(cudaSetDevice(sycl::get_native<cuda>(gpu)), cudaSuccess);
  cudaStream_t s = nullptr;
  cudaEvent_t ev = nullptr;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  ASSERT_EQ(cudaEventCreate(&ev), cudaSuccess);
  {
    stream_gate gate(s);
    ASSERT_EQ(cudaEventRecord(ev, s), cudaSuccess);
    sycl::event e = sycl::make_event<cuda>(ev, c);
    EXPECT_EQ(sycl::get_native<cuda>(e), ev);
    EXPECT_EQ(e.get_backend(), cuda);
    EXPECT_TRUE(pending(e));
    gate.release();
    e.wait();
    EXPECT_EQ(cudaEventQuery(ev), cudaSuccess);
  }
  cudaStreamSynchronize(s);
  cudaEventDestroy(ev);
  cudaStreamDestroy(s);
}

// A command's CUevent completes with it, not before.
TEST(CudaInteropGpu, CommandsGiveCudaEvents) {
  if (gpus().empty()) GTEST_SKIP() << "no GPU";
  sycl::queue q{gpus().front()};
  cudaStream_t s = sycl::get_native<cuda>(q);
  ASSERT_NE(s, nullptr);
  int* p = sycl::malloc_shared<int>(1, q);
  *p = 0;
  stream_gate gate(s);
  const sycl::event e = q.single_task([=] { *p = 5; });
  cudaEvent_t ev = sycl::get_native<cuda>(e);
  ASSERT_NE(ev, nullptr);
  EXPECT_EQ(sycl::get_native<cuda>(e), ev);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(cudaEventQuery(ev), cudaErrorNotReady);
  gate.release();
  EXPECT_EQ(cudaEventSynchronize(ev), cudaSuccess);
  EXPECT_EQ(*p, 5);
  q.wait();
  sycl::free(p, q);
}

TEST(CudaInteropGpu, HostTasksSeeTheQueuesNativeObjects) {
  if (gpus().empty()) GTEST_SKIP() << "no GPU";
  const sycl::device gpu = gpus().front();
  sycl::queue q{sycl::context{gpu}, gpu};
  CUstream_st* stream = nullptr;
  int device = -1;
  std::vector<CUctx_st*> contexts;
  q.submit([&](sycl::handler& h) {
     h.host_task([&](sycl::interop_handle ih) {
       stream = ih.get_native_queue<cuda>();
       device = ih.get_native_device<cuda>();
       contexts = ih.get_native_context<cuda>();
     });
   }).wait();
  EXPECT_EQ(stream, sycl::get_native<cuda>(q));
  EXPECT_EQ(device, sycl::get_native<cuda>(gpu));
  EXPECT_EQ(contexts, sycl::get_native<cuda>(q.get_context()));
}

// A host task with an interop_handle finds its buffers on the GPU, and its native work there done
// when it completes (cudaMemset, on the legacy default stream, returns before).
TEST(CudaInteropGpu, HostTasksReachBuffersOnTheGpu) {
  if (gpus().empty()) GTEST_SKIP() << "no GPU";
  sycl::queue q{gpus().front()};
  std::vector<unsigned char> data(64, 1);
  {
    sycl::buffer<unsigned char> b{data.data(), sycl::range<1>(data.size())};
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h};
      h.host_task([=](sycl::interop_handle ih) {
        unsigned char* p = ih.get_native_mem<cuda>(a);
        (void)cudaMemset(p + 1, 7, 63);
      });
    });
    sycl::host_accessor r{b};
    EXPECT_EQ(r[0], 1);
    EXPECT_EQ(r[1], 7);
    EXPECT_EQ(r[63], 7);
  }
}

#endif // SYCL_BACKEND_CUDA

} // namespace
