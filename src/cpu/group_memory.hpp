#pragma once
#include <cstddef>
#include <vector>

#include "tessera/group/call_site.hpp"

namespace tessera::cpu {

// What a work-group's items get from group_local_memory(_for_overwrite): one block per call site,
// made when the group's first item calls there and freed with the group. Every item of a group runs
// on one thread, fibers or the CBS pass's loops alike, so the blocks need no lock.
class group_memory {
public:
  group_memory() = default;
  group_memory(const group_memory&) = delete;
  group_memory& operator=(const group_memory&) = delete;
  ~group_memory();

  // `site` identifies the call site; `budget` is what the group may hold in all (the device's local
  // memory less the kernel's local accessors).
  void* block(const void* site, std::size_t bytes, std::size_t align, std::size_t budget,
              const group::call_site& where);

private:
  struct entry {
    const void* site;
    void* memory;
    std::size_t align;
  };
  std::vector<entry> blocks_;
  std::size_t bytes_ = 0;
};

} // namespace tessera::cpu
