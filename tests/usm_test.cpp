// Unified shared memory: the allocation functions, their alignment, pointer queries, the standard
// allocator over USM and kernels that use it.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <vector>

namespace {

bool aligned_to(const void* p, std::size_t a) { return reinterpret_cast<std::uintptr_t>(p) % a == 0; }

struct Kind {
  sycl::usm::alloc kind;
  const char* name;
};

class UsmKind : public ::testing::TestWithParam<Kind> {};

TEST_P(UsmKind, VoidMallocIsTypedAndWritableByAKernel) {
  const auto kind = GetParam().kind;
  sycl::queue q;
  constexpr std::size_t n = 1000;
  void* raw = kind == sycl::usm::alloc::device ? sycl::malloc_device(n * sizeof(int), q)
              : kind == sycl::usm::alloc::host ? sycl::malloc_host(n * sizeof(int), q)
                                               : sycl::malloc_shared(n * sizeof(int), q);
  ASSERT_NE(raw, nullptr);
  EXPECT_EQ(sycl::get_pointer_type(raw, q.get_context()), kind);
  int* p = static_cast<int*>(raw);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] = static_cast<int>(i[0] * i[0]); }).wait();
  std::vector<int> out(n);
  q.memcpy(out.data(), p, n * sizeof(int)).wait();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], static_cast<int>(i * i));
  sycl::free(raw, q);
}

TEST_P(UsmKind, TypedMallocIsAlignedForTheTypeAndWritable) {
  const auto kind = GetParam().kind;
  sycl::queue q;
  constexpr std::size_t n = 77;
  double* p = kind == sycl::usm::alloc::device ? sycl::malloc_device<double>(n, q)
              : kind == sycl::usm::alloc::host ? sycl::malloc_host<double>(n, q)
                                               : sycl::malloc_shared<double>(n, q);
  ASSERT_NE(p, nullptr);
  EXPECT_TRUE(aligned_to(p, alignof(double)));
  EXPECT_EQ(sycl::get_pointer_type(p, q.get_context()), kind);
  EXPECT_EQ(sycl::get_pointer_device(p, q.get_context()), q.get_device());
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { p[i] = 0.5 * static_cast<double>(i[0]); }).wait();
  std::vector<double> out(n);
  q.copy(p, out.data(), n).wait();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], 0.5 * static_cast<double>(i));
  sycl::free(p, q);
}

TEST_P(UsmKind, GenericMallocWithKind) {
  const auto kind = GetParam().kind;
  sycl::queue q;
  void* v = sycl::malloc(256, q, kind);
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(sycl::get_pointer_type(v, q.get_context()), kind);
  short* t = sycl::malloc<short>(10, q, kind);
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(sycl::get_pointer_type(t, q.get_context()), kind);
  void* w = sycl::malloc(64, q.get_device(), q.get_context(), kind);
  EXPECT_EQ(sycl::get_pointer_type(w, q.get_context()), kind);
  sycl::free(v, q);
  sycl::free(t, q);
  sycl::free(w, q.get_context());
}

class UsmAlignment : public ::testing::TestWithParam<std::tuple<Kind, std::size_t>> {};

TEST_P(UsmAlignment, AlignedAllocHonoursTheAlignment) {
  const auto [k, align] = GetParam();
  sycl::queue q;
  std::vector<void*> ps;
  for (std::size_t bytes : {1u, 3u, 100u, 4096u, 10000u}) {
    void* p = k.kind == sycl::usm::alloc::device ? sycl::aligned_alloc_device(align, bytes, q)
              : k.kind == sycl::usm::alloc::host ? sycl::aligned_alloc_host(align, bytes, q)
                                                 : sycl::aligned_alloc_shared(align, bytes, q);
    ASSERT_NE(p, nullptr);
    EXPECT_TRUE(aligned_to(p, align)) << p << " not aligned to " << align;
    EXPECT_EQ(sycl::get_pointer_type(p, q.get_context()), k.kind);
    ps.push_back(p);
  }
  float* f = k.kind == sycl::usm::alloc::device ? sycl::aligned_alloc_device<float>(align, 33, q)
             : k.kind == sycl::usm::alloc::host ? sycl::aligned_alloc_host<float>(align, 33, q)
                                                : sycl::aligned_alloc_shared<float>(align, 33, q);
  EXPECT_TRUE(aligned_to(f, align));
  void* g = sycl::aligned_alloc(align, 50, q, k.kind);
  EXPECT_TRUE(aligned_to(g, align));
  ps.push_back(f);
  ps.push_back(g);
  for (void* p : ps) sycl::free(p, q);
}

const Kind kKinds[] = {{sycl::usm::alloc::device, "device"},
                       {sycl::usm::alloc::host, "host"},
                       {sycl::usm::alloc::shared, "shared"}};

INSTANTIATE_TEST_SUITE_P(Kinds, UsmKind, ::testing::ValuesIn(kKinds),
                         [](const auto& info) { return std::string(info.param.name); });
INSTANTIATE_TEST_SUITE_P(Kinds, UsmAlignment,
                         ::testing::Combine(::testing::ValuesIn(kKinds),
                                            ::testing::Values(1, 8, 64, 128, 256, 4096)),
                         [](const auto& info) {
                           return std::string(std::get<0>(info.param).name) + "_" +
                                  std::to_string(std::get<1>(info.param));
                         });

// The forms that take a device and a context (a context alone for host memory) instead of a queue.
TEST(Usm, DeviceAndContextFormsOfEveryAllocationFunction) {
  sycl::queue q;
  const auto dev = q.get_device();
  const auto ctx = q.get_context();
  std::vector<std::pair<void*, sycl::usm::alloc>> made{
      {sycl::malloc_host<double>(4, ctx), sycl::usm::alloc::host},
      {sycl::aligned_alloc_host(256, 64, ctx), sycl::usm::alloc::host},
      {sycl::aligned_alloc_host<int>(256, 16, ctx), sycl::usm::alloc::host},
      {sycl::aligned_alloc_device(256, 64, dev, ctx), sycl::usm::alloc::device},
      {sycl::aligned_alloc_device<int>(256, 16, dev, ctx), sycl::usm::alloc::device},
      {sycl::aligned_alloc_shared<int>(256, 16, dev, ctx), sycl::usm::alloc::shared},
      {sycl::malloc<int>(16, dev, ctx, sycl::usm::alloc::shared), sycl::usm::alloc::shared},
      {sycl::aligned_alloc<int>(256, 16, dev, ctx, sycl::usm::alloc::device), sycl::usm::alloc::device}};
  for (std::size_t i = 0; i < made.size(); ++i) {
    ASSERT_NE(made[i].first, nullptr) << i;
    EXPECT_EQ(sycl::get_pointer_type(made[i].first, ctx), made[i].second) << i;
    if (i != 0 && i != 6) EXPECT_TRUE(aligned_to(made[i].first, 256)) << i;
    sycl::free(made[i].first, ctx);
  }
}

TEST(Usm, InteriorPointersHaveTheAllocationsKind) {
  sycl::queue q;
  char* d = sycl::malloc_device<char>(1000, q);
  char* s = sycl::malloc_shared<char>(1000, q);
  auto ctx = q.get_context();
  EXPECT_EQ(sycl::get_pointer_type(d + 1, ctx), sycl::usm::alloc::device);
  EXPECT_EQ(sycl::get_pointer_type(d + 500, ctx), sycl::usm::alloc::device);
  EXPECT_EQ(sycl::get_pointer_type(d + 999, ctx), sycl::usm::alloc::device);
  EXPECT_EQ(sycl::get_pointer_type(s + 999, ctx), sycl::usm::alloc::shared);
  sycl::free(d, q);
  sycl::free(s, q);
}

TEST(Usm, UnknownForStackHeapAndFreedPointers) {
  sycl::queue q;
  auto ctx = q.get_context();
  int on_stack = 0;
  EXPECT_EQ(sycl::get_pointer_type(&on_stack, ctx), sycl::usm::alloc::unknown);
  std::vector<int> heap(10);
  EXPECT_EQ(sycl::get_pointer_type(heap.data(), ctx), sycl::usm::alloc::unknown);
  EXPECT_EQ(sycl::get_pointer_type(nullptr, ctx), sycl::usm::alloc::unknown);
  int* p = sycl::malloc_shared<int>(4, q);
  EXPECT_EQ(sycl::get_pointer_type(p, ctx), sycl::usm::alloc::shared);
  sycl::free(p, q);
  EXPECT_EQ(sycl::get_pointer_type(p, ctx), sycl::usm::alloc::unknown);
  EXPECT_THROW((void)sycl::get_pointer_device(&on_stack, ctx), sycl::exception);
}

TEST(Usm, FreeOfNullIsANoOp) {
  sycl::queue q;
  sycl::free(nullptr, q);
  SUCCEED();
}

TEST(Usm, UnknownKindIsRejected) {
  sycl::queue q;
  try {
    (void)sycl::malloc(16, q, sycl::usm::alloc::unknown);
    FAIL();
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid);
  }
}

TEST(Usm, ZeroBytesGivesNull) {
  sycl::queue q;
  EXPECT_EQ(sycl::malloc_shared(0, q), nullptr);
}

TEST(Usm, DistinctAllocationsDoNotOverlap) {
  sycl::queue q;
  std::vector<int*> ps;
  for (int k = 0; k < 20; ++k) ps.push_back(sycl::malloc_shared<int>(100, q));
  for (int k = 0; k < 20; ++k) std::fill(ps[k], ps[k] + 100, k);
  for (int k = 0; k < 20; ++k)
    for (int i = 0; i < 100; ++i) ASSERT_EQ(ps[k][i], k);
  for (auto* p : ps) sycl::free(p, q);
}

TEST(UsmAllocator, ConstructorsTakeAPropertyList) {
  sycl::queue q;
  sycl::usm_allocator<int, sycl::usm::alloc::host> from_queue(q, sycl::property_list{});
  sycl::usm_allocator<int, sycl::usm::alloc::shared> from_context(q.get_context(), q.get_device(), {});
  int* h = from_queue.allocate(4);
  int* s = from_context.allocate(4);
  EXPECT_EQ(sycl::get_pointer_type(h, q.get_context()), sycl::usm::alloc::host);
  EXPECT_EQ(sycl::get_pointer_type(s, q.get_context()), sycl::usm::alloc::shared);
  from_queue.deallocate(h, 4);
  from_context.deallocate(s, 4);
}

TEST(UsmAllocator, VectorWithSharedAllocator) {
  sycl::queue q;
  using alloc = sycl::usm_allocator<int, sycl::usm::alloc::shared>;
  std::vector<int, alloc> v{alloc(q)};
  for (int i = 0; i < 1000; ++i) v.push_back(i); // several reallocations
  EXPECT_EQ(sycl::get_pointer_type(v.data(), q.get_context()), sycl::usm::alloc::shared);
  int* p = v.data();
  q.parallel_for(sycl::range<1>(v.size()), [=](sycl::id<1> i) { p[i] += 1; }).wait();
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(v[i], i + 1);
  long sum = std::accumulate(v.begin(), v.end(), 0L);
  EXPECT_EQ(sum, 1000L * 1001 / 2);
}

TEST(UsmAllocator, HostAllocatorWithAlignmentAndRebinding) {
  sycl::queue q;
  using alloc = sycl::usm_allocator<double, sycl::usm::alloc::host, 256>;
  std::vector<double, alloc> v(17, 1.5, alloc(q));
  EXPECT_TRUE(aligned_to(v.data(), 256));
  EXPECT_EQ(sycl::get_pointer_type(v.data(), q.get_context()), sycl::usm::alloc::host);
  sycl::usm_allocator<char, sycl::usm::alloc::host, 256> other(v.get_allocator());
  EXPECT_TRUE(other == v.get_allocator());
  EXPECT_TRUE(v.get_allocator() == alloc(q));
  EXPECT_FALSE(v.get_allocator() != alloc(q));
  char* c = other.allocate(3);
  EXPECT_TRUE(aligned_to(c, 256));
  other.deallocate(c, 3);
}

// §4.8.4: allocators compare across value types, alignments and kinds; equal when memory from
// one can be freed by the other (the same kind, context and device).
TEST(UsmAllocator, ComparesAcrossValueTypesAndKinds) {
  sycl::queue q;
  sycl::usm_allocator<int, sycl::usm::alloc::shared> ints(q);
  sycl::usm_allocator<char, sycl::usm::alloc::shared, 64> chars(q);
  sycl::usm_allocator<int, sycl::usm::alloc::host> host(q);
  EXPECT_TRUE(ints == chars);
  EXPECT_TRUE(chars == ints);
  EXPECT_FALSE(ints != chars);
  EXPECT_FALSE(ints == host);
  EXPECT_TRUE(host != ints);
  sycl::context other_context(q.get_device());
  sycl::usm_allocator<int, sycl::usm::alloc::shared> elsewhere(other_context, q.get_device());
  EXPECT_FALSE(ints == elsewhere);
  EXPECT_TRUE(ints != elsewhere);
}

TEST(UsmKernels, ManyKernelsAccumulateIntoSharedMemory) {
  sycl::queue q{sycl::property::queue::in_order{}};
  constexpr std::size_t n = 4096;
  float* a = sycl::malloc_device<float>(n, q);
  float* b = sycl::malloc_shared<float>(n, q);
  q.fill(a, 1.0f, n);
  q.memset(b, 0, n * sizeof(float));
  for (int k = 0; k < 10; ++k)
    q.parallel_for(sycl::range<2>(64, 64), [=](sycl::item<2> it) {
      const std::size_t l = it.get_linear_id();
      b[l] += a[l] * static_cast<float>(k);
    });
  q.wait();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(b[i], 45.0f);
  sycl::free(a, q);
  sycl::free(b, q);
}

} // namespace
