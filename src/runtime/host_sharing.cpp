#include "tessera/runtime/host_sharing.hpp"

#include "sycl/device.hpp"
#if defined(TESSERA_WITH_CUDA)
#include "tessera/backend/cuda/runtime.hpp"
#endif

namespace tessera::runtime {

void share_host_memory([[maybe_unused]] const sycl::device& d, [[maybe_unused]] const void* p,
                       [[maybe_unused]] std::size_t bytes) {
#if defined(TESSERA_WITH_CUDA)
  if (d.is_gpu()) cuda::map_host_pages(p, bytes);
#endif
}

void unshare_host_memory([[maybe_unused]] const sycl::device& d, [[maybe_unused]] const void* p,
                         [[maybe_unused]] std::size_t bytes) {
#if defined(TESSERA_WITH_CUDA)
  if (d.is_gpu()) cuda::unmap_host_pages(p, bytes);
#endif
}

} // namespace tessera::runtime
