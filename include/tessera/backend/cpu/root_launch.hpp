#pragma once
#include <cstddef>
#include <exception>
#include <functional>
#include <memory>

#include "tessera/backend/cpu/nd_launch.hpp"

namespace tessera::cpu {

// Runs a use_root_sync launch: every work-group at once, each on a fiber of its own with its own
// local memory, spread over the worker pool; a group whose items all wait at the root barrier
// yields its worker to the others (src/cpu/root_launch.cpp). `done` is called once, with the first error.
void execute_root_sync(std::shared_ptr<nd_launch_base> launch, std::function<void(std::exception_ptr)> done);

// How many work-groups of `group_size` items and `local_bytes` of local memory such a launch may
// have: as many as the memory set aside for their fiber stacks and local memory holds.
std::size_t max_root_groups(std::size_t group_size, std::size_t local_bytes);

} // namespace tessera::cpu
