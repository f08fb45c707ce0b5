// The C++ AMP layer (<amp.h>): programs written as C++ AMP's readers wrote them, checked value by
// value against sequential references: extents and tiles, the four tile_barrier waits over
// tile_static memory, arrays and array_views (lazy copies, write-back, sections, projections),
// copies, atomics, math, accelerators, and the errors C++ AMP reports.
// <cstring> before <amp.h>, as programs may have it: POSIX's index() must not make index<N>
// ambiguous, on the CPU or in clang's CUDA mode (which always reads <strings.h> first).
#include <cstring>

#include <amp.h>
#include <amp_math.h>

#include <gtest/gtest.h>

#include <numeric>
#include <string>
#include <vector>

using namespace concurrency;

namespace {

TEST(AmpExtent, IndexAndExtentArithmetic) {
  index<2> i(1, 2);
  EXPECT_EQ((i + index<2>(3, 4)), index<2>(4, 6));
  EXPECT_EQ((i * 3), index<2>(3, 6));
  EXPECT_EQ((10 - i), index<2>(9, 8));
  extent<3> e(2, 3, 4);
  EXPECT_EQ(e.size(), 24u);
  EXPECT_TRUE(e.contains(index<3>(1, 2, 3)));
  EXPECT_FALSE(e.contains(index<3>(1, 3, 0)));
  EXPECT_FALSE(e.contains(index<3>(-1, 0, 0)));
}

TEST(AmpExtent, TiledExtentPadsAndTruncates) {
  const tiled_extent<4, 8> t = extent<2>(10, 17).tile<4, 8>();
  EXPECT_EQ(t.pad(), extent<2>(12, 24));
  EXPECT_EQ(t.truncate(), extent<2>(8, 16));
  EXPECT_EQ(t.get_tile_extent(), extent<2>(4, 8));
  EXPECT_EQ((tiled_extent<4, 8>::tile_dim1), 8);
}

// The article's sample: the average of each SxS tile of an 8x8 matrix, read into tile_static
// memory before a barrier, with each of the four waits.
enum class wait_kind { plain, all, global, tile_static_fence };

template <int S>
std::vector<float> tile_averages(wait_kind w) {
  constexpr int M = 8;
  std::vector<float> raw(M * M);
  std::iota(raw.begin(), raw.end(), 0.0f);
  array_view<const float, 2> matrix(M, M, raw);
  std::vector<float> out((M / S) * (M / S), 0.0f);
  array_view<float, 2> averages(M / S, M / S, out);
  parallel_for_each(matrix.extent.tile<S, S>(), [=](tiled_index<S, S> t_idx) restrict(amp) {
    tile_static float tileValues[S][S];
    tileValues[t_idx.local[0]][t_idx.local[1]] = matrix[t_idx];
    switch (w) {
    case wait_kind::plain: t_idx.barrier.wait(); break;
    case wait_kind::all: t_idx.barrier.wait_with_all_memory_fence(); break;
    case wait_kind::global: t_idx.barrier.wait_with_global_memory_fence(); break;
    case wait_kind::tile_static_fence: t_idx.barrier.wait_with_tile_static_memory_fence(); break;
    }
    if (t_idx.local[0] == 0 && t_idx.local[1] == 0) {
      float sum = 0;
      for (int r = 0; r < S; r++)
        for (int c = 0; c < S; c++) sum += tileValues[r][c];
      averages(t_idx.tile[0], t_idx.tile[1]) = sum / (S * S);
    }
  });
  averages.synchronize();
  return out;
}

template <int S>
std::vector<float> tile_averages_reference() {
  constexpr int M = 8;
  std::vector<float> ref;
  for (int tr = 0; tr < M / S; ++tr)
    for (int tc = 0; tc < M / S; ++tc) {
      float sum = 0;
      for (int r = 0; r < S; ++r)
        for (int c = 0; c < S; ++c) sum += float((tr * S + r) * M + tc * S + c);
      ref.push_back(sum / (S * S));
    }
  return ref;
}

class AmpTileWaits : public ::testing::TestWithParam<wait_kind> {};

TEST_P(AmpTileWaits, AveragesOfTwoByTwoAndFourByFourTiles) {
  EXPECT_EQ(tile_averages<2>(GetParam()), tile_averages_reference<2>());
  EXPECT_EQ(tile_averages<4>(GetParam()), tile_averages_reference<4>());
  EXPECT_EQ(tile_averages_reference<2>()[0], 4.5f); // the article's first printed value
}
INSTANTIATE_TEST_SUITE_P(AllFourWaits, AmpTileWaits,
                         ::testing::Values(wait_kind::plain, wait_kind::all, wait_kind::global,
                                           wait_kind::tile_static_fence));

// Each tile owns its tile_static memory: tiles running at the same time must not see each other's.
TEST(AmpTileStatic, EachTileHasItsOwnInstance) {
  constexpr int T = 64, tiles = 256;
  std::vector<int> out(T * tiles);
  array_view<int, 1> v(T * tiles, out);
  parallel_for_each(v.extent.tile<T>(), [=](tiled_index<T> t) restrict(amp) {
    tile_static int shared[T];
    shared[t.local[0]] = t.tile[0];
    t.barrier.wait();
    v[t.global] = shared[(t.local[0] + 1) % T];
  });
  v.synchronize();
  for (int i = 0; i < T * tiles; ++i) ASSERT_EQ(out[i], i / T) << i;
}

TEST(AmpTiledIndex, KnowsGlobalLocalTileAndOrigin) {
  std::vector<int> out(6 * 8 * 4);
  array_view<int, 3> v(6, 8, 4, out);
  parallel_for_each(v.extent.tile<2, 4, 2>(), [=](tiled_index<2, 4, 2> t) restrict(amp) {
    const index<3> g = t; // a tiled_index converts to its global index
    const bool ok = g == t.tile_origin + t.local && t.tile_origin == t.tile * index<3>(2, 4, 2) &&
                    t.get_tile_extent() == extent<3>(2, 4, 2);
    v[t.global] = ok ? 1 : 0;
  });
  v.synchronize();
  EXPECT_EQ(std::accumulate(out.begin(), out.end(), 0), 6 * 8 * 4);
}

TEST(AmpParallelForEach, SimpleExtentVisitsEveryIndexOnce) {
  std::vector<int> a(30 * 7), b(30 * 7);
  std::iota(a.begin(), a.end(), 0);
  array_view<const int, 2> av(30, 7, a);
  array_view<int, 2> bv(30, 7, b);
  bv.discard_data();
  parallel_for_each(bv.extent, [=](index<2> i) restrict(amp) { bv[i] = 2 * av[i] + i[1]; });
  bv.synchronize();
  for (int i = 0; i < 30 * 7; ++i) ASSERT_EQ(b[i], 2 * i + i % 7);
}

TEST(AmpArrayView, WritesBackWhenTheLastViewGoes) {
  std::vector<int> data(100, 1);
  {
    array_view<int, 1> v(100, data);
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] += i[0]; });
  }
  for (int i = 0; i < 100; ++i) ASSERT_EQ(data[i], 1 + i);
}

TEST(AmpArrayView, HostReadsSeeKernelWritesAndRefreshShowsHostWrites) {
  std::vector<int> data(64, 0);
  array_view<int, 1> v(64, data);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = 3; });
  EXPECT_EQ(v[5], 3); // a host read waits for the kernel
  v.synchronize();
  data[7] = 40; // behind the view's back
  v.refresh();
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] += 1; });
  v.synchronize();
  EXPECT_EQ(data[7], 41);
  EXPECT_EQ(data[8], 4);
}

TEST(AmpArrayView, SectionsAndProjectionsAddressTheSameData) {
  std::vector<int> data(6 * 5, 0);
  array_view<int, 2> v(6, 5, data);
  array_view<int, 2> inner = v.section(index<2>(1, 1), extent<2>(4, 3));
  parallel_for_each(inner.extent, [=](index<2> i) restrict(amp) { inner[i] = 10 * i[0] + i[1] + 1; });
  array_view<int, 1> row2 = v[2];
  EXPECT_EQ(row2.get_extent(), extent<1>(5));
  EXPECT_EQ(row2[1], 11);
  parallel_for_each(extent<1>(6), [=](index<1> i) restrict(amp) { v[i[0]][0] = -1; });
  v.synchronize();
  for (int r = 0; r < 6; ++r)
    for (int c = 0; c < 5; ++c) {
      const int expected = c == 0 ? -1 : (r >= 1 && r <= 4 && c <= 3) ? 10 * (r - 1) + (c - 1) + 1 : 0;
      ASSERT_EQ(data[r * 5 + c], expected) << r << "," << c;
    }
}

TEST(AmpArrayView, ViewOfItsOwnStorageAndViewAs) {
  array_view<float, 1> scratch(12);
  parallel_for_each(scratch.extent, [=](index<1> i) restrict(amp) { scratch[i] = float(i[0]); });
  array_view<float, 2> grid = scratch.view_as(extent<2>(3, 4));
  EXPECT_EQ(grid(2, 3), 11.0f);
  EXPECT_EQ(grid[1][2], 6.0f);
}

TEST(AmpArray, ConstructsFromIteratorsAndCopiesBackByAssignment) {
  std::vector<int> src(50);
  std::iota(src.begin(), src.end(), 0);
  array<int, 1> a(50, src.begin(), src.end());
  array_view<int, 1> av(a);
  parallel_for_each(a.extent, [=](index<1> i) restrict(amp) { av[i] *= 2; });
  std::vector<int> out = a; // C++ AMP's host copy of an array
  for (int i = 0; i < 50; ++i) ASSERT_EQ(out[i], 2 * i);
  array<int, 1> b(a); // a deep copy
  std::vector<int> twice(50);
  copy(b, twice.begin());
  EXPECT_EQ(twice, out);
  std::vector<int> zeros(50, 0);
  copy(zeros.begin(), zeros.end(), a);
  EXPECT_EQ(std::vector<int>(a), zeros);
  EXPECT_EQ(std::vector<int>(b), out);
}

// C++ AMP captures arrays by reference (in CUDA builds through the device-code selection plugin,
// and on a GPU through the array's host object shared with the device).
TEST(AmpArray, KernelsUseArraysCapturedByReference) {
  std::vector<float> zeros(16, 0.0f);
  array<float, 2> sums(extent<2>(4, 4), zeros.begin(), zeros.end());
  parallel_for_each(sums.extent, [&sums](index<2> i) restrict(amp) { sums[i] += float(i[0] * 4 + i[1]); });
  parallel_for_each(sums.extent, [&sums](index<2> i) restrict(amp) { sums(i[0], i[1]) /= 2.0f; });
  const std::vector<float> out = sums;
  for (int i = 0; i < 16; ++i) ASSERT_EQ(out[i], i / 2.0f);
}

TEST(AmpAtomics, HistogramAndExtremaAndExchanges) {
  std::vector<int> data(4096);
  for (int i = 0; i < 4096; ++i) data[i] = (i * 7919) % 1000;
  std::vector<int> hist(10, 0), extrema = {1 << 30, -1}, ex = {0};
  array_view<const int, 1> d(4096, data);
  array_view<int, 1> h(10, hist), m(2, extrema), x(1, ex);
  parallel_for_each(d.extent, [=](index<1> i) restrict(amp) {
    atomic_fetch_inc(&h[d[i] / 100]);
    atomic_fetch_min(&m[0], d[i]);
    atomic_fetch_max(&m[1], d[i]);
    int expected = 0;
    atomic_compare_exchange(&x[0], &expected, 1); // exactly one item wins
  });
  h.synchronize(), m.synchronize(), x.synchronize();
  std::vector<int> ref(10, 0);
  for (int v : data) ++ref[v / 100];
  EXPECT_EQ(hist, ref);
  EXPECT_EQ(extrema[0], *std::min_element(data.begin(), data.end()));
  EXPECT_EQ(extrema[1], *std::max_element(data.begin(), data.end()));
  EXPECT_EQ(ex[0], 1);
}

int twice(int x) restrict(amp, cpu) { return 2 * x; }

TEST(AmpRestrict, FunctionsMarkedForAmpAndCpuRunInBoth) {
  std::vector<int> out(8);
  array_view<int, 1> v(8, out);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = twice(i[0]); });
  v.synchronize();
  for (int i = 0; i < 8; ++i) ASSERT_EQ(out[i], twice(i));
}

TEST(AmpAtomics, BitwiseSubAndExchangeOnUnsigned) {
  std::vector<unsigned> bits = {0u, ~0u, 0u, 1000u};
  std::vector<float> last = {0.0f};
  array_view<unsigned, 1> b(4, bits);
  array_view<float, 1> l(1, last);
  parallel_for_each(extent<1>(32), [=](index<1> i) restrict(amp) {
    atomic_fetch_or(&b[0], 1u << i[0]);
    atomic_fetch_and(&b[1], ~(1u << i[0]));
    atomic_fetch_xor(&b[2], 1u << (i[0] % 4));
    atomic_fetch_sub(&b[3], 3u);
    atomic_exchange(&l[0], 1.5f);
  });
  b.synchronize(), l.synchronize();
  EXPECT_EQ(bits[0], ~0u);
  EXPECT_EQ(bits[1], 0u);
  EXPECT_EQ(bits[2], 0u); // each of the 4 bits flipped 8 times
  EXPECT_EQ(bits[3], 1000u - 96u);
  EXPECT_EQ(last[0], 1.5f);
}

TEST(AmpCopy, AsyncCopiesAndTheConcurrencySpelling) {
  std::vector<int> src(20), dst(20, 0);
  std::iota(src.begin(), src.end(), 1);
  Concurrency::array<int, 1> a(20);
  Concurrency::copy_async(src.begin(), src.end(), a).get();
  Concurrency::array_view<int, 1> out(20, dst);
  copy(a, out);
  out.synchronize_async().wait();
  EXPECT_EQ(dst, src);
  EXPECT_EQ(a.get_extent().size(), 20u);
  EXPECT_EQ(out.data()[19], 20);
}

TEST(AmpMath, FastAndPreciseFunctionsInKernels) {
  std::vector<float> in = {0.25f, 1.0f, 2.0f, 9.0f}, out(4 * 4);
  array_view<const float, 1> x(4, in);
  array_view<float, 2> y(4, 4, out);
  parallel_for_each(x.extent, [=](index<1> i) restrict(amp) {
    y(i[0], 0) = precise_math::sqrt(x[i]);
    y(i[0], 1) = fast_math::sqrt(x[i]);
    y(i[0], 2) = precise_math::exp(x[i]);
    y(i[0], 3) = fast_math::log(x[i]);
  });
  y.synchronize();
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(out[i * 4 + 0], std::sqrt(in[i]));
    EXPECT_NEAR(out[i * 4 + 1], std::sqrt(in[i]), 1e-6f * std::sqrt(in[i]));
    EXPECT_NEAR(out[i * 4 + 2], std::exp(in[i]), 1e-6f * std::exp(in[i]));
    EXPECT_NEAR(out[i * 4 + 3], std::log(in[i]), 1e-5f);
  }
}

TEST(AmpAccelerator, DefaultViewAndDevicePaths) {
  const auto all = accelerator::get_all();
  ASSERT_FALSE(all.empty());
  accelerator def;
  EXPECT_EQ(def.get_default_view(), def.get_default_view());
  EXPECT_NE(def.get_default_view(), def.create_view());
  accelerator cpu(accelerator::cpu_accelerator);
  EXPECT_EQ(cpu.get_device_path(), L"tessera:cpu");
  EXPECT_EQ(accelerator(accelerator::direct3d_warp), cpu);
  EXPECT_FALSE(cpu.get_description().empty());
  EXPECT_THROW(accelerator(L"no such accelerator"), runtime_exception);
  std::vector<int> data(8, 1);
  array_view<int, 1> v(8, data);
  parallel_for_each(cpu.get_default_view(), v.extent, [=](index<1> i) restrict(amp) { v[i] = 5; });
  cpu.get_default_view().wait();
  v.synchronize();
  EXPECT_EQ(data, std::vector<int>(8, 5));
}

TEST(AmpErrors, ExtentNotAWholeNumberOfTilesIsAnInvalidComputeDomain) {
  std::vector<int> data(10 * 10);
  array_view<int, 2> v(10, 10, data);
  try {
    parallel_for_each(v.extent.tile<4, 4>(), [=](tiled_index<4, 4> t) restrict(amp) { v[t] = 1; });
    FAIL() << "no exception";
  } catch (const invalid_compute_domain& e) {
    EXPECT_NE(std::string(e.what()).find("10 x 10"), std::string::npos) << e.what();
    EXPECT_EQ(e.get_error_code(), E_INVALIDARG);
  }
  // pad() makes it valid; the kernel guards the padding, as C++ AMP programs do.
  parallel_for_each(v.extent.tile<4, 4>().pad(), [=](tiled_index<4, 4> t) restrict(amp) {
    if (v.extent.contains(t.global)) v[t] = 1;
  });
  v.synchronize();
  EXPECT_EQ(std::accumulate(data.begin(), data.end(), 0), 100);
}

TEST(AmpErrors, TileLargerThanTheDeviceAllowsIsReported) {
  std::vector<int> data(4096);
  array_view<int, 1> v(4096, data);
  EXPECT_THROW(parallel_for_each(v.extent.tile<4096>(), [=](tiled_index<4096> t) restrict(amp) { v[t] = 1; }),
               runtime_exception);
  parallel_for_each(v.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) { v[t] = 1; });
  v.synchronize();
  EXPECT_EQ(std::accumulate(data.begin(), data.end(), 0), 4096);
}

TEST(AmpErrors, ArrayViewOverTooSmallAContainer) {
  std::vector<int> data(10);
  EXPECT_THROW((array_view<int, 2>(4, 4, data)), runtime_exception);
}

TEST(AmpErrors, HostAccessOutsideTheViewIsReported) {
  std::vector<int> data(12);
  array_view<int, 2> v(3, 4, data);
  try {
    v(1, 4) = 1;
    FAIL() << "no exception";
  } catch (const runtime_exception& e) {
    EXPECT_NE(std::string(e.what()).find("(1, 4) is outside the view's extent 3 x 4"), std::string::npos) << e.what();
  }
  EXPECT_THROW(v.section(index<2>(1, 1), extent<2>(2, 2))(2, 0), runtime_exception);
  v(2, 3) = 7;
  v.synchronize();
  EXPECT_EQ(data[11], 7);
}

#if !defined(__CUDA__)
// The CPU backend's barrier checks: a tile whose items do not all reach a wait is reported at
// the next synchronisation with the wait's file and line, never a hang.
TEST(AmpErrors, TileThatDoesNotAllReachAWaitIsReportedWithItsLine) {
  std::vector<int> data(64);
  array_view<int, 1> v(64, data);
  const int line = __LINE__ + 4;
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) restrict(amp) {
    tile_static int s[16];
    if (t.local[0] == 3) return;
    t.barrier.wait();
    s[t.local[0]] = 1;
    v[t] = s[t.local[0]];
  });
  try {
    v.synchronize();
    FAIL() << "no exception";
  } catch (const runtime_exception& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("amp_test.cpp:" + std::to_string(line)), std::string::npos) << what;
  }
  // The view and its accelerator keep working.
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = 2; });
  v.synchronize();
  EXPECT_EQ(std::accumulate(data.begin(), data.end(), 0), 128);
}
#endif

} // namespace
