// Every parameter form SYCL 2020 allows a kernel (§4.9.4.2): by value, by reference and by const
// reference, as auto, as item (with and without offset), id, nd_item, group, with reducers,
// and single_task. Each kernel writes one value per work-item, checked against its index.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <cstddef>

namespace {

constexpr std::size_t n = 37;

// Runs `submit(h, out)` over n ints and checks out[i] == i + 1.
template <typename Submit>
void expect_each_written(Submit submit) {
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(n, q);
  for (std::size_t i = 0; i < n; ++i) out[i] = 0;
  q.submit([&](sycl::handler& h) { submit(h, out); }).wait();
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(out[i], static_cast<int>(i) + 1) << "at " << i;
  sycl::free(out, q);
}

template <typename MakeKernel>
void expect_range(MakeKernel make) {
  expect_each_written([&](sycl::handler& h, int* out) { h.parallel_for(sycl::range<1>(n), make(out)); });
}

TEST(KernelParams, RangeAuto) {
  expect_range([](int* out) { return [=](auto it) { out[it.get_linear_id()] = static_cast<int>(it[0]) + 1; }; });
  expect_range([](int* out) { return [=](auto& it) { out[it.get_linear_id()] = static_cast<int>(it[0]) + 1; }; });
  expect_range([](int* out) { return [=](const auto& it) { out[it.get_linear_id()] = static_cast<int>(it[0]) + 1; }; });
}

TEST(KernelParams, RangeItem) {
  expect_range([](int* out) { return [=](sycl::item<1> it) { out[it[0]] = static_cast<int>(it.get_id(0)) + 1; }; });
  expect_range([](int* out) { return [=](sycl::item<1>& it) { out[it[0]] = static_cast<int>(it.get_id(0)) + 1; }; });
  expect_range([](int* out) { return [=](const sycl::item<1>& it) { out[it[0]] = static_cast<int>(it[0]) + 1; }; });
  expect_range([](int* out) { return [=](sycl::item<1, false>& it) { out[it[0]] = static_cast<int>(it[0]) + 1; }; });
  expect_range([](int* out) { return [=](const sycl::item<1, false>& it) { out[it] = static_cast<int>(it) + 1; }; });
}

TEST(KernelParams, RangeId) {
  expect_range([](int* out) { return [=](sycl::id<1> i) { out[i[0]] = static_cast<int>(i[0]) + 1; }; });
  expect_range([](int* out) { return [=](const sycl::id<1>& i) { out[i[0]] = static_cast<int>(i[0]) + 1; }; });
}

TEST(KernelParams, Range2D) {
  // 37 = 1 * 37: a range<2> of one row, so the same check applies.
  expect_each_written([](sycl::handler& h, int* out) {
    h.parallel_for(sycl::range<2>(1, n), [=](auto& it) { out[it.get_linear_id()] = static_cast<int>(it[1]) + 1; });
  });
  expect_each_written([](sycl::handler& h, int* out) {
    h.parallel_for(sycl::range<2>(1, n), [=](sycl::item<2>& it) { out[it.get_linear_id()] = static_cast<int>(it[1]) + 1; });
  });
  expect_each_written([](sycl::handler& h, int* out) {
    h.parallel_for(sycl::range<2>(1, n), [=](sycl::id<2> i) { out[i[1]] = static_cast<int>(i[1]) + 1; });
  });
}

TEST(KernelParams, RangeWithOffset) {
  // Items n-1 .. 2n-2 write out[id - offset] = id - offset + 1.
  const sycl::id<1> off(n - 1);
  expect_each_written([=](sycl::handler& h, int* out) {
    h.parallel_for(sycl::range<1>(n), off, [=](sycl::item<1>& it) {
      out[it.get_linear_id()] = static_cast<int>(it[0] - it.get_offset()[0]) + 1;
    });
  });
  expect_each_written([=](sycl::handler& h, int* out) {
    h.parallel_for(sycl::range<1>(n), off, [=](const auto& it) {
      out[it.get_id(0) - (n - 1)] = static_cast<int>(it.get_linear_id()) + 1;
    });
  });
}

template <typename MakeKernel>
void expect_nd(MakeKernel make) {
  expect_each_written([&](sycl::handler& h, int* out) { h.parallel_for(sycl::nd_range<1>(n, n), make(out)); });
}

TEST(KernelParams, NdItem) {
  expect_nd([](int* out) { return [=](sycl::nd_item<1> it) { out[it.get_global_id(0)] = static_cast<int>(it.get_local_id(0)) + 1; }; });
  expect_nd([](int* out) { return [=](sycl::nd_item<1>& it) { out[it.get_global_id(0)] = static_cast<int>(it.get_local_id(0)) + 1; }; });
  expect_nd([](int* out) { return [=](const sycl::nd_item<1>& it) { out[it.get_global_id(0)] = static_cast<int>(it.get_local_id(0)) + 1; }; });
  expect_nd([](int* out) { return [=](auto& it) { out[it.get_global_id(0)] = static_cast<int>(it.get_global_linear_id()) + 1; }; });
  expect_nd([](int* out) { return [=](const auto& it) { out[it.get_global_id(0)] = static_cast<int>(it.get_global_linear_id()) + 1; }; });
}

TEST(KernelParams, SingleTask) {
  expect_each_written([](sycl::handler& h, int* out) {
    h.single_task([=]() {
      for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<int>(i) + 1;
    });
  });
}

TEST(KernelParams, Hierarchical) {
  expect_each_written([](sycl::handler& h, int* out) {
    h.parallel_for_work_group(sycl::range<1>(1), sycl::range<1>(n), [=](auto& g) {
      g.parallel_for_work_item([&](auto& hi) { out[hi.get_global_id(0)] = static_cast<int>(hi.get_local_id(0)) + 1; });
    });
  });
}

// The sum 1 + ... + n through a reduction, the item taken in the given form.
template <typename Submit>
void expect_sum(Submit submit) {
  sycl::queue q;
  int* sum = sycl::malloc_shared<int>(1, q);
  *sum = 0;
  q.submit([&](sycl::handler& h) { submit(h, sycl::reduction(sum, sycl::plus<int>())); }).wait();
  EXPECT_EQ(*sum, static_cast<int>(n * (n + 1) / 2));
  sycl::free(sum, q);
}

TEST(KernelParams, RangeReduction) {
  expect_sum([](sycl::handler& h, auto red) {
    h.parallel_for(sycl::range<1>(n), red, [=](auto& it, auto& r) { r += static_cast<int>(it[0]) + 1; });
  });
  expect_sum([](sycl::handler& h, auto red) {
    h.parallel_for(sycl::range<1>(n), red, [=](sycl::item<1>& it, auto& r) { r += static_cast<int>(it[0]) + 1; });
  });
  expect_sum([](sycl::handler& h, auto red) {
    h.parallel_for(sycl::range<1>(n), red, [=](const auto& it, auto& r) { r += static_cast<int>(it[0]) + 1; });
  });
  expect_sum([](sycl::handler& h, auto red) {
    h.parallel_for(sycl::range<1>(n), red, [=](sycl::id<1> i, auto& r) { r += static_cast<int>(i[0]) + 1; });
  });
}

TEST(KernelParams, NdReduction) {
  expect_sum([](sycl::handler& h, auto red) {
    h.parallel_for(sycl::nd_range<1>(n, n), red,
                   [=](sycl::nd_item<1>& it, auto& r) { r += static_cast<int>(it.get_global_id(0)) + 1; });
  });
  expect_sum([](sycl::handler& h, auto red) {
    h.parallel_for(sycl::nd_range<1>(n, n), red,
                   [=](auto& it, auto& r) { r += static_cast<int>(it.get_global_id(0)) + 1; });
  });
}

} // namespace
