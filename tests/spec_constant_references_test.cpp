// A kernel names a specialization constant through a constexpr reference declared outside it, as
// the SYCL-CTS's spec_constants tests do (`constexpr auto& id = sc<T>;`). Such a reference is not
// odr-used, so the kernel does not capture it; clang's CUDA mode captured it by copy, which cannot
// compile for a specialization_id (it is not copyable): Tessera's device-select plugin exempts it
// (compiler/specialization_id_references.hpp). Built as CUDA, this file did not compile before.
// g++ 12 captures such a reference too, in every build, and no plugin of ours reaches it: its
// builds (the sanitizers') compile none of this.
#include <sycl/sycl.hpp>

#if defined(__clang__)

#include <gtest/gtest.h>

#include <optional>

// In their own namespace blocks: the plugin sees a namespace's declarations when it closes, and
// the non-template function below is analysed as it is read.
namespace {
constexpr sycl::specialization_id<int> plain_id(7);
template <typename T>
constexpr sycl::specialization_id<T> typed_id(T(5));
struct holder {
  static constexpr sycl::specialization_id<int> member_id{9};
};
} // namespace
namespace outer {
constexpr sycl::specialization_id<int> inner_id(3);
} // namespace outer

namespace {

template <typename T>
T read_through_local_reference(sycl::queue& q, std::optional<T> value) {
  constexpr auto& id = typed_id<T>;
  T* out = sycl::malloc_shared<T>(1, q);
  q.submit([&](sycl::handler& h) {
     if (value) h.set_specialization_constant<id>(*value);
     h.single_task([=](sycl::kernel_handler kh) { *out = kh.get_specialization_constant<id>(); });
   }).wait();
  const T r = *out;
  sycl::free(out, q);
  return r;
}

TEST(SpecConstantReferences, ReferenceInATemplateReadsTheSetValueOrTheDefault) {
  sycl::queue q;
  EXPECT_EQ(read_through_local_reference<int>(q, 11), 11);
  EXPECT_EQ(read_through_local_reference<int>(q, std::nullopt), 5);
  EXPECT_EQ(read_through_local_reference<float>(q, 2.5f), 2.5f);
  EXPECT_EQ(read_through_local_reference<float>(q, std::nullopt), 5.0f);
}

TEST(SpecConstantReferences, ReferencesInAFunctionToEachKindOfDeclaration) {
  constexpr auto& plain = plain_id;
  constexpr auto& inner = outer::inner_id;
  constexpr auto& member = holder::member_id;
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(3, q);
  q.submit([&](sycl::handler& h) {
     h.set_specialization_constant<inner>(30);
     h.parallel_for(sycl::range<1>(3), [=](sycl::item<1> it, sycl::kernel_handler kh) {
       const int values[] = {kh.get_specialization_constant<plain>(), kh.get_specialization_constant<inner>(),
                             kh.get_specialization_constant<member>()};
       out[it[0]] = values[it[0]];
     });
   }).wait();
  EXPECT_EQ(out[0], 7);
  EXPECT_EQ(out[1], 30);
  EXPECT_EQ(out[2], 9);
  sycl::free(out, q);
}

} // namespace

#endif
