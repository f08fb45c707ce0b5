#include "tessera/runtime/root_sync.hpp"

#include <string>

#include "sycl/exception.hpp"
#include "tessera/backend/cpu/root_launch.hpp"
#if defined(TESSERA_WITH_CUDA)
#include "tessera/backend/cuda/runtime.hpp"
#endif

namespace tessera::runtime {

std::size_t max_root_sync_groups(const device_impl& d, [[maybe_unused]] const kernel_record* kernel,
                                 std::size_t group_size, std::size_t local_bytes) {
  if (group_size == 0 || group_size > d.max_work_group_size || local_bytes > d.local_mem_size) return 0;
#if defined(TESSERA_WITH_CUDA)
  if (d.kind == device_kind::gpu) return cuda::max_root_groups(d, kernel, group_size, local_bytes);
#endif
  return cpu::max_root_groups(group_size, local_bytes);
}

void check_root_sync_launch(const device_impl& d, const kernel_record* kernel, std::size_t groups,
                            std::size_t group_size, std::size_t local_bytes) {
  const std::size_t limit = max_root_sync_groups(d, kernel, group_size, local_bytes);
  if (groups <= limit) return;
  throw sycl::exception(sycl::errc::nd_range,
                        "use_root_sync: " + std::to_string(groups) + " work-groups of " + std::to_string(group_size) +
                            " work-items" + (local_bytes ? " with " + std::to_string(local_bytes) + " bytes of local memory" : "") +
                            " cannot all be resident at once on " + d.name + "; at most " + std::to_string(limit) +
                            " can (kernel::ext_oneapi_get_info<info::kernel_queue_specific::max_num_work_groups>)");
}

} // namespace tessera::runtime
