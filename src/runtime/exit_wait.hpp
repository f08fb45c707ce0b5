#pragma once
#include <memory>

namespace tessera::runtime {

class queue_impl;

// Program exit waits for the commands of every queue registered here. Destroying the last
// sycl::queue handle does not wait for them (SYCL 2020 §3.9.8.1, as DPC++ does), so without this
// a program that returns from main with work in flight would lose that work.
void wait_at_exit(const std::shared_ptr<queue_impl>& q);

} // namespace tessera::runtime
