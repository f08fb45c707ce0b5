#include "tessera/group/collective_op.hpp"

namespace tessera::group {

const char* to_string(collective_op op) {
  switch (op) {
  case collective_op::barrier: return "barrier";
  case collective_op::broadcast: return "group_broadcast";
  case collective_op::any_of: return "any_of_group";
  case collective_op::all_of: return "all_of_group";
  case collective_op::none_of: return "none_of_group";
  case collective_op::shift_left: return "shift_group_left";
  case collective_op::shift_right: return "shift_group_right";
  case collective_op::permute_xor: return "permute_group_by_xor";
  case collective_op::select: return "select_from_group";
  case collective_op::reduce: return "reduce_over_group";
  case collective_op::inclusive_scan: return "inclusive_scan_over_group";
  case collective_op::exclusive_scan: return "exclusive_scan_over_group";
  case collective_op::joint: return "joint algorithm";
  case collective_op::load: return "group_load";
  case collective_op::store: return "group_store";
  case collective_op::root_barrier: return "group_barrier(root_group)";
  }
  return "collective";
}

} // namespace tessera::group
