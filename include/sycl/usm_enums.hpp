#pragma once

namespace sycl::usm {
enum class alloc { host, device, shared, unknown };
} // namespace sycl::usm
