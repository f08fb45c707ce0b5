#pragma once
#include <cstddef>
#include <cstdint>

#include "tessera/detail/macros.hpp"

// Where group_load/group_store put each member's elements, on every backend. With G members and N
// elements per member, member i handles, in its order,
//   blocked: elements i*N, i*N+1, ..., i*N+N-1
//   striped: elements i, i+G, i+2G, ..., i+(N-1)G
namespace tessera::group {

// The count and the placement in one word: it is also the CPU collective's parameter, so members
// that disagree on either meet with different parameters, which the rendezvous reports.
TESSERA_HOST_DEVICE inline std::uint64_t layout(std::size_t count, bool striped) {
  return (std::uint64_t(count) << 1) | (striped ? 1u : 0u);
}

TESSERA_HOST_DEVICE inline std::size_t element(std::uint64_t layout, std::uint32_t member, std::uint32_t members,
                                               std::size_t k) {
  const std::size_t n = static_cast<std::size_t>(layout >> 1);
  return (layout & 1) ? member + k * members : member * n + k;
}

} // namespace tessera::group
