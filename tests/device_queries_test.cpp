// Queries of platforms, devices and events that SYCL 2020 keeps or deprecates: has_extension and
// the extensions lists, the vector widths, any_device_has / all_devices_have (§4.6.4.3), SYCL
// 1.2.1's selector classes (§4.6.1.2), event::get_backend and event::get_wait_list.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <future>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

namespace {

TEST(Extensions, ADeviceAndAPlatformHaveTheExtensionsTheyList) {
  for (const sycl::device& d : sycl::device::get_devices()) {
    for (const std::string& e : d.get_info<sycl::info::device::extensions>()) EXPECT_TRUE(d.has_extension(e)) << e;
    EXPECT_FALSE(d.has_extension("cl_tessera_no_such_extension"));
    const sycl::platform p = d.get_platform();
    for (const std::string& e : p.get_info<sycl::info::platform::extensions>()) EXPECT_TRUE(p.has_extension(e)) << e;
    EXPECT_FALSE(p.has_extension("cl_khr_icd"));
  }
}

TEST(VectorWidths, LongLongIsAsLong) {
  const sycl::device d;
  EXPECT_EQ(d.get_info<sycl::info::device::preferred_vector_width_long_long>(),
            d.get_info<sycl::info::device::preferred_vector_width_long>());
  EXPECT_EQ(d.get_info<sycl::info::device::native_vector_width_long_long>(),
            d.get_info<sycl::info::device::native_vector_width_long>());
}

// For each aspect: if some device has it, any_device_has says so; if some device lacks it,
// all_devices_have does not claim it.
template <sycl::aspect A>
void expect_traits_agree_with_devices() {
  static_assert(std::is_base_of_v<std::bool_constant<sycl::any_device_has_v<A>>, sycl::any_device_has<A>>);
  static_assert(std::is_base_of_v<std::bool_constant<sycl::all_devices_have_v<A>>, sycl::all_devices_have<A>>);
  for (const sycl::device& d : sycl::device::get_devices()) {
    if (d.has(A)) EXPECT_TRUE(sycl::any_device_has_v<A>) << "aspect " << int(A);
    else EXPECT_FALSE(sycl::all_devices_have_v<A>) << "aspect " << int(A);
  }
}
template <int... As>
void expect_all_traits_agree(std::integer_sequence<int, As...>) {
  (expect_traits_agree_with_devices<static_cast<sycl::aspect>(As)>(), ...);
}

TEST(AspectTraits, AgreeWithEveryDevice) {
  expect_all_traits_agree(std::make_integer_sequence<int, int(sycl::aspect::ext_intel_legacy_image) + 1>{});
  EXPECT_TRUE(sycl::any_device_has_v<sycl::aspect::cpu>);
  EXPECT_FALSE(sycl::any_device_has_v<sycl::aspect::image>);
  EXPECT_TRUE(sycl::all_devices_have_v<sycl::aspect::usm_device_allocations>);
  EXPECT_FALSE(sycl::all_devices_have_v<sycl::aspect::gpu>);
}

TEST(DeprecatedSelectors, ChooseAsTheSelectorFunctions) {
  EXPECT_EQ(sycl::device(sycl::default_selector{}), sycl::device(sycl::default_selector_v));
  EXPECT_EQ(sycl::device(sycl::cpu_selector{}), sycl::device(sycl::cpu_selector_v));
  EXPECT_EQ(sycl::cpu_selector{}.select_device(), sycl::device(sycl::cpu_selector_v));
  EXPECT_THROW(sycl::device(sycl::accelerator_selector{}), sycl::exception);
  if (sycl::device::get_devices(sycl::info::device_type::gpu).empty())
    EXPECT_THROW(sycl::device(sycl::gpu_selector{}), sycl::exception);
  else
    EXPECT_TRUE(sycl::device(sycl::gpu_selector{}).is_gpu());
  // Through the abstract base, as SYCL 1.2.1 programs pass them.
  const sycl::cpu_selector cpu;
  const sycl::device_selector& base = cpu;
  EXPECT_TRUE(sycl::queue(base).get_device().is_cpu());
}

TEST(Events, HaveTheirQueuesBackend) {
  sycl::queue q;
  sycl::event e = q.single_task([] {});
  e.wait();
  EXPECT_EQ(e.get_backend(), q.get_backend());
  EXPECT_EQ(sycl::event().get_backend(), sycl::platform().get_backend());
}

TEST(Events, DefaultMadeEventsAreCompleteAndDistinct) {
  const sycl::event a, b;
  const sycl::event copy = a;
  EXPECT_TRUE(copy == a);
  EXPECT_EQ(std::hash<sycl::event>{}(copy), std::hash<sycl::event>{}(a));
  EXPECT_TRUE(a != b);
  EXPECT_NE(std::hash<sycl::event>{}(a), std::hash<sycl::event>{}(b));
  EXPECT_EQ(a.get_info<sycl::info::event::command_execution_status>(), sycl::info::event_command_status::complete);
  EXPECT_TRUE(a.get_wait_list().empty());
}

TEST(Events, WaitListHoldsThePendingDirectDependencies) {
  sycl::queue q;
  std::promise<void> gate;
  std::shared_future<void> open = gate.get_future().share();
  const auto blocked = [&](std::vector<sycl::event> deps) {
    return q.submit([&](sycl::handler& h) {
      h.depends_on(deps);
      h.host_task([open] { open.wait(); });
    });
  };
  const sycl::event a = blocked({}), b = blocked({a}), c = blocked({}), d = blocked({b, c});
  const std::vector<sycl::event> waits = d.get_wait_list();
  EXPECT_EQ(waits.size(), 2u);
  EXPECT_NE(std::find(waits.begin(), waits.end(), b), waits.end());
  EXPECT_NE(std::find(waits.begin(), waits.end(), c), waits.end());
  EXPECT_TRUE(a.get_wait_list().empty());
  gate.set_value();
  q.wait();
  EXPECT_TRUE(d.get_wait_list().empty());
}

} // namespace
