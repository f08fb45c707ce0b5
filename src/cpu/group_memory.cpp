#include "cpu/group_memory.hpp"

#include <new>
#include <string>

#include "sycl/exception.hpp"
#include "tessera/backend/cpu/local_arena.hpp"
#include "cpu/group_exec.hpp"

namespace tessera::cpu {

group_memory::~group_memory() {
  for (const entry& e : blocks_) ::operator delete(e.memory, std::align_val_t{e.align});
}

void* group_memory::block(const void* site, std::size_t bytes, std::size_t align, std::size_t budget,
                          const group::call_site& where) {
  // A kernel has a few call sites; the first item of the group made the block, the others find it.
  for (const entry& e : blocks_)
    if (e.site == site) return e.memory;
  if (bytes_ + bytes > budget)
    throw sycl::exception(sycl::errc::memory_allocation,
                          "group_local_memory at " + std::string(where.file) + ":" + std::to_string(where.line) +
                              " needs " + std::to_string(bytes) + " bytes, but the work-group's local memory has " +
                              std::to_string(budget - bytes_) + " of the device's local_mem_size left");
  align = align < alignof(std::max_align_t) ? alignof(std::max_align_t) : align;
  void* memory = ::operator new(bytes ? bytes : 1, std::align_val_t{align});
  blocks_.push_back({site, memory, align});
  bytes_ += bytes;
  return memory;
}

void* group_local_block(group_exec* exec, const void* site, std::size_t bytes, std::size_t align,
                        const group::call_site& where) {
  if (!exec)
    throw sycl::exception(sycl::errc::kernel_not_supported,
                          "group_local_memory at " + std::string(where.file) + ":" + std::to_string(where.line) +
                              " is called outside an nd_range kernel (DPC++ allows it only there)");
  return exec->local_memory(site, bytes, align, where);
}

} // namespace tessera::cpu
