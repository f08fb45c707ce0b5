#pragma once
#include <cstddef>
#include <vector>

#include "sycl/usm_enums.hpp"
#include "tessera/runtime/command_group.hpp"
#include "tessera/runtime/device_impl.hpp"

// The CUDA backend's compiled half (src/cuda/), in plain C++ so that the generic runtime can call
// it without CUDA headers. Kernel launches live in launch.hpp, which only CUDA translation units see.
namespace tessera::cuda {

using stream = void*; // a cudaStream_t

// Every GPU the driver reports; empty without a driver or a GPU.
std::vector<runtime::device_impl> discover();

stream create_stream(const runtime::device_impl& d);
void destroy_stream(stream s);
// `done` runs on a runtime thread (never on CUDA's callback thread, which may not call CUDA) once
// all work queued on `s` so far has finished, with the first CUDA error as a sycl::exception.
void complete_after(stream s, runtime::completion done);
// After a launch: turns a launch error into a sycl::exception with the right errc.
void check_launch(const char* what);
void throw_if_error(int cuda_error, const char* what);

void* usm_alloc(const runtime::device_impl& d, std::size_t bytes, sycl::usm::alloc kind);
void usm_free(void* p, sycl::usm::alloc kind);
void copy(stream s, void* dest, const void* src, std::size_t bytes);
void fill_bytes(stream s, void* p, int value, std::size_t bytes);
void synchronize(stream s);
// Scratch memory ordered on the stream (CUDA's stream-ordered allocator): no device-wide sync.
void* stream_alloc(stream s, std::size_t bytes);
void stream_free(stream s, void* p);
void set_device(const runtime::device_impl& d);

} // namespace tessera::cuda
