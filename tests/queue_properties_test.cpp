// DPC++'s queue properties that published programs pass (sycl_ext_oneapi_queue_priority,
// sycl_ext_oneapi_discard_queue_events): accepted, reported by has_property, and harmless to the
// queue's work; two priorities at once are errc::invalid, as the extension requires.
#include <gtest/gtest.h>

#include <sycl/sycl.hpp>

namespace {
namespace oneapi = sycl::ext::oneapi::property::queue;

template <typename... Ps>
void runs_with(Ps... ps) {
  sycl::queue q{sycl::property_list{ps...}};
  EXPECT_TRUE((q.template has_property<Ps>() && ...));
  int* out = sycl::malloc_shared<int>(64, q);
  sycl::event e = q.parallel_for(sycl::range<1>{64}, [=](sycl::id<1> i) { out[i] = static_cast<int>(i[0]) * 2; });
  e.wait();
  for (int i = 0; i < 64; ++i) EXPECT_EQ(out[i], i * 2) << i;
  sycl::free(out, q);
}

TEST(OneapiQueueProperties, PrioritiesAndDiscardEventsAreAccepted) {
  static_assert(sycl::is_property_of_v<oneapi::priority_high, sycl::queue>);
  runs_with(oneapi::priority_low{});
  runs_with(oneapi::priority_normal{});
  runs_with(oneapi::priority_high{}, sycl::property::queue::in_order{});
  runs_with(oneapi::discard_events{}, sycl::property::queue::in_order{});
}

TEST(OneapiQueueProperties, TwoPrioritiesAreInvalid) {
  try {
    sycl::queue q{sycl::property_list{oneapi::priority_low{}, oneapi::priority_high{}}};
    FAIL() << "no exception";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid);
    EXPECT_NE(std::string(e.what()).find("priority"), std::string::npos) << e.what();
  }
}

} // namespace
