#pragma once
#include <cstddef>

namespace sycl {
class device;
}

namespace tessera::runtime {

// Makes the host memory [p, p + bytes) readable and writable by kernels on `d` at the same
// address, until unshare_host_memory. C++ AMP kernels capture `concurrency::array` objects by
// reference: the kernel then holds the address of an object on the host's stack, which a GPU
// reaches only through such a mapping. A no-op for devices that share the host's memory (the CPU).
// Pages are counted, so overlapping calls are fine.
void share_host_memory(const sycl::device& d, const void* p, std::size_t bytes);
void unshare_host_memory(const sycl::device& d, const void* p, std::size_t bytes);

} // namespace tessera::runtime
