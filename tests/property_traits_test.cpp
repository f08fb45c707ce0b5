// is_property and is_property_of (SYCL 2020 §4.5.4.1): which properties apply to which classes.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <type_traits>

namespace {

namespace prop = sycl::property;

TEST(PropertyTraits, QueuePropertiesApplyToQueuesOnly) {
  EXPECT_TRUE((sycl::is_property_of_v<prop::queue::in_order, sycl::queue>));
  EXPECT_TRUE((sycl::is_property_of_v<prop::queue::enable_profiling, sycl::queue>));
  EXPECT_TRUE((std::is_base_of_v<std::true_type, sycl::is_property_of<prop::queue::in_order, sycl::queue>>));
  EXPECT_FALSE((sycl::is_property_of_v<prop::queue::in_order, sycl::buffer<int>>));
  EXPECT_FALSE((sycl::is_property_of_v<prop::buffer::use_host_ptr, sycl::queue>));
}

TEST(PropertyTraits, BufferPropertiesApplyToEveryBuffer) {
  EXPECT_TRUE((sycl::is_property_of_v<prop::buffer::use_host_ptr, sycl::buffer<int>>));
  EXPECT_TRUE((sycl::is_property_of_v<prop::buffer::use_mutex, sycl::buffer<float, 2>>));
  EXPECT_TRUE((sycl::is_property_of_v<prop::buffer::context_bound, sycl::buffer<const double, 3>>));
  EXPECT_FALSE((sycl::is_property_of_v<prop::no_init, sycl::buffer<int>>));
}

TEST(PropertyTraits, NoInitAppliesToAccessors) {
  EXPECT_TRUE((sycl::is_property_of_v<prop::no_init, sycl::accessor<int>>));
  EXPECT_TRUE((sycl::is_property_of_v<prop::no_init, sycl::accessor<int, 2, sycl::access_mode::write>>));
  EXPECT_TRUE((sycl::is_property_of_v<prop::no_init, sycl::host_accessor<int>>));
  EXPECT_FALSE((sycl::is_property_of_v<prop::no_init, sycl::queue>));
  EXPECT_TRUE(sycl::is_property_v<prop::reduction::initialize_to_identity>);
  EXPECT_FALSE(sycl::is_property_v<int>);
}

} // namespace
