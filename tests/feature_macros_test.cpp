// The macros of SYCL 2020 §5.6 that a program tests: SYCL_LANGUAGE_VERSION,
// SYCL_DEVICE_COPYABLE with the trait it announces, is_device_copyable (§3.13.1), and
// __SYCL_DEVICE_ONLY__, defined while the device side is compiled.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <array>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

#ifndef SYCL_LANGUAGE_VERSION
#error "sycl/sycl.hpp defines no SYCL_LANGUAGE_VERSION"
#endif
#if !defined(SYCL_DEVICE_COPYABLE) || SYCL_DEVICE_COPYABLE != 1
#error "sycl/sycl.hpp does not define SYCL_DEVICE_COPYABLE to 1"
#endif

namespace {

// Not trivially copyable (its copy constructor is the program's), but copying it copies its bytes.
struct Counted {
  Counted() = default;
  Counted(const Counted& other) : value(other.value) {}
  Counted& operator=(const Counted& other) {
    value = other.value;
    return *this;
  }
  int value = 0;
};

struct NotCopyable {
  std::string text;
};

[[noreturn]] void host_bookkeeping_failed() { throw std::runtime_error("no bookkeeping"); }

// Copied in a kernel, as Celerity's accessors are: the copy does host-side bookkeeping, which may
// throw and has no device definition, except where __SYCL_DEVICE_ONLY__ leaves it out.
struct HostBookkept {
  explicit HostBookkept(int* target) : target(target) {}
  HostBookkept(const HostBookkept& other) : target(other.target) {
#ifndef __SYCL_DEVICE_ONLY__
    if (target == nullptr) host_bookkeeping_failed();
#endif
  }
  int* target;
};

} // namespace

template <> struct sycl::is_device_copyable<Counted> : std::true_type {};
template <> struct sycl::is_device_copyable<HostBookkept> : std::true_type {};

namespace {

TEST(FeatureMacros, LanguageVersionIsSycl2020AsALong) {
  EXPECT_TRUE((std::is_same_v<decltype(SYCL_LANGUAGE_VERSION), long>));
  EXPECT_EQ(SYCL_LANGUAGE_VERSION, 202012L);
}

TEST(DeviceCopyable, TriviallyCopyableTypesAreAndOthersAreNot) {
  EXPECT_TRUE(sycl::is_device_copyable_v<int>);
  EXPECT_TRUE(sycl::is_device_copyable_v<const float>);
  EXPECT_TRUE((sycl::is_device_copyable_v<sycl::vec<int, 4>>));
  EXPECT_FALSE(sycl::is_device_copyable_v<NotCopyable>);
  EXPECT_FALSE(sycl::is_device_copyable_v<std::string>);
  EXPECT_TRUE((std::is_base_of_v<std::false_type, sycl::is_device_copyable<NotCopyable>>));
}

TEST(DeviceCopyable, AProgramsSpecialisationCoversItsCvQualifiedType) {
  EXPECT_FALSE(std::is_trivially_copyable_v<Counted>);
  EXPECT_TRUE(sycl::is_device_copyable_v<Counted>);
  EXPECT_TRUE(sycl::is_device_copyable_v<const Counted>);
  EXPECT_TRUE(sycl::is_device_copyable_v<const volatile Counted>);
}

TEST(DeviceCopyable, StandardWrappersAreAsWhatTheyHold) {
  EXPECT_TRUE((sycl::is_device_copyable_v<std::pair<int, Counted>>));
  EXPECT_TRUE((sycl::is_device_copyable_v<std::tuple<int, Counted, double>>));
  EXPECT_TRUE((sycl::is_device_copyable_v<std::tuple<>>));
  EXPECT_TRUE((sycl::is_device_copyable_v<std::optional<Counted>>));
  EXPECT_TRUE((sycl::is_device_copyable_v<std::variant<int, Counted>>));
  EXPECT_TRUE((sycl::is_device_copyable_v<std::array<Counted, 3>>));
  EXPECT_TRUE((sycl::is_device_copyable_v<std::array<NotCopyable, 0>>));
  EXPECT_TRUE((sycl::is_device_copyable_v<Counted[4]>));
  EXPECT_TRUE((sycl::is_device_copyable_v<sycl::marray<Counted, 2>>));
  EXPECT_TRUE((sycl::is_device_copyable_v<const std::pair<Counted, Counted>>));
  EXPECT_FALSE((sycl::is_device_copyable_v<std::pair<int, NotCopyable>>));
  EXPECT_FALSE((sycl::is_device_copyable_v<std::tuple<int, NotCopyable>>));
  EXPECT_FALSE((sycl::is_device_copyable_v<std::optional<NotCopyable>>));
  EXPECT_FALSE((sycl::is_device_copyable_v<std::array<NotCopyable, 2>>));
}

TEST(DeviceCopyable, ASpecialisedTypeReachesAKernel) {
  sycl::queue q;
  Counted in;
  in.value = 42;
  int out = 0;
  {
    sycl::buffer<int> result(&out, 1);
    q.submit([&](sycl::handler& h) {
      sycl::accessor r(result, h, sycl::write_only);
      h.single_task([=] { r[0] = in.value; });
    });
  }
  EXPECT_EQ(out, 42);
}

// A kernel compiled for a GPU sees __SYCL_DEVICE_ONLY__ (without it, the CUDA build of this test
// does not compile: the kernel would reach the throw); host code and kernels run on the CPU,
// which are host code, never do.
TEST(FeatureMacros, DeviceOnlyIsDefinedWhereTheDeviceSideIsCompiled) {
#ifdef __SYCL_DEVICE_ONLY__
  ADD_FAILURE() << "__SYCL_DEVICE_ONLY__ is defined in host code";
#endif
  sycl::queue q;
  int* seen = sycl::malloc_shared<int>(1, q);
  *seen = -1;
  const HostBookkept kept(seen);
  q.single_task([=] {
     const HostBookkept copy = kept;
#ifdef __SYCL_DEVICE_ONLY__
     *copy.target = 1;
#else
     *copy.target = 0;
#endif
   }).wait();
  EXPECT_EQ(*seen, q.get_device().is_gpu() ? 1 : 0);
  sycl::free(seen, q);
}

} // namespace
