#pragma once
#include <cstdint>

namespace tessera::group {

// Every collective is one value here: the rendezvous compares it across the work-items that meet,
// so that items calling different collectives together are reported instead of mixing results.
enum class collective_op : std::uint8_t {
  barrier,
  broadcast,
  any_of,
  all_of,
  none_of,
  shift_left,
  shift_right,
  permute_xor,
  select,
  reduce,
  inclusive_scan,
  exclusive_scan,
  joint,
  load,
  store,
  // group_barrier(root_group): the work-group meets first, then the work-groups of the launch.
  root_barrier,
};

const char* to_string(collective_op op);

// Which items meet: the whole work-group, or one sub-group of it.
enum class scope : std::uint8_t { work_group, sub_group };

} // namespace tessera::group
