// sycl::access::target has every enumerator SYCL 2020 lists, the deprecated ones included: the
// SYCL-CTS names each (its kernel_bundle category's common header spells all of them out).
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <set>

namespace {

TEST(AccessTarget, EveryEnumeratorOfTheSpec) {
  using sycl::access::target;
  const std::set<target> distinct{target::device,     target::host_task,  target::constant_buffer,
                                  target::local,      target::image,      target::host_image,
                                  target::image_array, target::host_buffer};
  EXPECT_EQ(distinct.size(), 8u);
  EXPECT_EQ(target::global_buffer, target::device);
}

}  // namespace
