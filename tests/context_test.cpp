// Contexts (SYCL 2020 §4.6.3): their constructors, get_info, properties and common reference
// semantics; the context of a queue (its platform's default context, or the one it was given),
// and exceptions that carry a context (§4.13.2).
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

namespace {

template <typename F>
void expect_errc(sycl::errc code, F&& f) {
  try {
    f();
    ADD_FAILURE() << "no exception";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), code) << e.what();
  }
}

TEST(Context, ConstructorsHoldTheirDevices) {
  const sycl::device d;
  const sycl::platform p = d.get_platform();
  const sycl::async_handler h = [](sycl::exception_list) {};
  const sycl::property_list none{};
  const std::vector<sycl::device> one{d};
  for (const sycl::context& c : {sycl::context(), sycl::context(none), sycl::context(h), sycl::context(h, none),
                                 sycl::context(d, none), sycl::context(d, h, none), sycl::context(one, none),
                                 sycl::context(one, h, none)}) {
    EXPECT_EQ(c.get_devices(), one);
    EXPECT_EQ(c.get_platform(), p);
  }
  EXPECT_EQ(sycl::context(p).get_devices(), p.get_devices());
  EXPECT_EQ(sycl::context(p, h, none).get_devices(), p.get_devices());
}

TEST(Context, AnEmptyListOfDevicesIsInvalid) {
  expect_errc(sycl::errc::invalid, [] { sycl::context c(std::vector<sycl::device>{}); });
}

TEST(Context, GetInfoAnswersAsItsDevices) {
  const sycl::device d;
  const sycl::context c(d);
  EXPECT_EQ(c.get_info<sycl::info::context::platform>(), d.get_platform());
  EXPECT_EQ(c.get_info<sycl::info::context::devices>(), std::vector<sycl::device>{d});
  EXPECT_EQ(c.get_info<sycl::info::context::atomic_memory_order_capabilities>(),
            d.get_info<sycl::info::device::atomic_memory_order_capabilities>());
  EXPECT_EQ(c.get_info<sycl::info::context::atomic_fence_order_capabilities>(),
            d.get_info<sycl::info::device::atomic_fence_order_capabilities>());
  EXPECT_EQ(c.get_info<sycl::info::context::atomic_memory_scope_capabilities>(),
            d.get_info<sycl::info::device::atomic_memory_scope_capabilities>());
  EXPECT_EQ(c.get_info<sycl::info::context::atomic_fence_scope_capabilities>(),
            d.get_info<sycl::info::device::atomic_fence_scope_capabilities>());
}

TEST(Context, HasTheProperties) {
  const sycl::context c(sycl::property_list{sycl::property::queue::in_order{}});
  EXPECT_TRUE(c.has_property<sycl::property::queue::in_order>());
  EXPECT_FALSE(c.has_property<sycl::property::queue::enable_profiling>());
  (void)c.get_property<sycl::property::queue::in_order>();
  expect_errc(sycl::errc::invalid, [&] { (void)c.get_property<sycl::property::queue::enable_profiling>(); });
}

TEST(Context, CopiesAreTheSameContextAndContextsMadeApartAreNot) {
  const sycl::context a, b;
  const sycl::context copy = a;
  EXPECT_TRUE(copy == a);
  EXPECT_EQ(std::hash<sycl::context>{}(copy), std::hash<sycl::context>{}(a));
  EXPECT_TRUE(a != b);
  EXPECT_TRUE(sycl::context(a.get_devices()) != a);
}

TEST(QueueContext, IsTheSameEachTimeAndThePlatformsDefault) {
  const sycl::queue q;
  EXPECT_TRUE(q.get_context() == q.get_context());
  EXPECT_EQ(std::hash<sycl::context>{}(q.get_context()), std::hash<sycl::context>{}(q.get_context()));
  EXPECT_EQ(q.get_info<sycl::info::queue::context>(), q.get_context());
  const sycl::context fallback = q.get_device().get_platform().ext_oneapi_get_default_context();
  EXPECT_EQ(q.get_context(), fallback);
  EXPECT_EQ(fallback.get_devices(), q.get_device().get_platform().get_devices());
  EXPECT_EQ(sycl::queue(q.get_device()).get_context(), fallback);
  EXPECT_NE(sycl::context(), fallback);
}

TEST(QueueContext, IsTheOneGivenWithADeviceOrASelector) {
  const sycl::context c;
  const sycl::device d = c.get_devices().front();
  const sycl::async_handler h = [](sycl::exception_list) {};
  const sycl::property_list in_order{sycl::property::queue::in_order{}};
  EXPECT_EQ(sycl::queue(c, d).get_context(), c);
  EXPECT_EQ(sycl::queue(c, d, h, in_order).get_context(), c);
  EXPECT_EQ(sycl::queue(c, sycl::default_selector_v).get_context(), c);
  EXPECT_EQ(sycl::queue(c, sycl::default_selector_v, in_order).get_context(), c);
  const sycl::queue q(c, sycl::default_selector_v, h, in_order);
  EXPECT_EQ(q.get_context(), c);
  EXPECT_TRUE(q.is_in_order());
  (void)q.get_property<sycl::property::queue::in_order>();
  expect_errc(sycl::errc::invalid, [&] { (void)q.get_property<sycl::property::queue::enable_profiling>(); });
}

TEST(QueueContext, ADeviceTheContextDoesNotHoldIsInvalid) {
  const auto gpus = sycl::device::get_devices(sycl::info::device_type::gpu);
  if (gpus.empty()) GTEST_SKIP() << "needs a second platform's device (a GPU)";
  const sycl::context cpu_only{sycl::device(sycl::cpu_selector_v)};
  expect_errc(sycl::errc::invalid, [&] { sycl::queue q(cpu_only, gpus.front()); });
  expect_errc(sycl::errc::invalid, [&] { sycl::queue q(cpu_only, sycl::gpu_selector_v); });
}

TEST(QueueContext, TheContextsHandlerTakesTheQueuesErrors) {
  int delivered = 0;
  const sycl::context c([&](sycl::exception_list errors) { delivered += static_cast<int>(errors.size()); });
  sycl::queue q(c, c.get_devices().front());
  q.submit([&](sycl::handler& h) { h.host_task([] { throw sycl::exception(sycl::errc::runtime, "host task"); }); });
  q.wait_and_throw();
  EXPECT_EQ(delivered, 1);
}

TEST(ExceptionContext, ConstructorsWithAContextKeepIt) {
  const sycl::context c;
  const std::error_code ec = sycl::make_error_code(sycl::errc::kernel);
  const std::string what = "what";
  for (const sycl::exception& e :
       {sycl::exception(c, ec, what), sycl::exception(c, ec, what.c_str()), sycl::exception(c, ec),
        sycl::exception(c, int(sycl::errc::kernel), sycl::sycl_category(), what),
        sycl::exception(c, int(sycl::errc::kernel), sycl::sycl_category(), what.c_str()),
        sycl::exception(c, int(sycl::errc::kernel), sycl::sycl_category())}) {
    EXPECT_EQ(e.code(), ec);
    EXPECT_TRUE(e.has_context());
    EXPECT_EQ(e.get_context(), c);
  }
  EXPECT_NE(std::string(sycl::exception(c, ec, what).what()).find(what), std::string::npos);
  const sycl::exception copy = sycl::exception(c, ec);
  EXPECT_EQ(copy.get_context(), c);
}

TEST(ExceptionContext, WithoutAContextGetContextIsInvalid) {
  const sycl::exception e(sycl::errc::runtime, "no context");
  EXPECT_FALSE(e.has_context());
  expect_errc(sycl::errc::invalid, [&] { (void)e.get_context(); });
  const sycl::exception by_category(int(sycl::errc::runtime), sycl::sycl_category(), "by category");
  EXPECT_STREQ(by_category.what(), "by category");
}

} // namespace
