// Figures 14-23 and 14-24: the pack pattern inside a group, built on an exclusive scan.
// 14-23 is the generic group pack (here: each work-group packs its positive values, in
// order, to the start of its block); 14-24 uses a sub-group pack to build the neighbour list
// of a molecular-dynamics kernel: the sub-group assigned to particle i packs the indices of
// all particles within CUTOFF of particle i.
//
// The listing of 14-23 spells the scan exclusive_scan(g, ...), the provisional name; SYCL
// 2020 calls it exclusive_scan_over_group, which is used here. The listing of 14-24 does not
// show the type of `position`; as in the book's sample it is sycl::float3, and the listing's
// distance() is sycl::distance.
#pragma once
#include "common.hpp"

namespace figures {

// Figure 14-23, as a function: the group pack of `value` where `predicate` holds.
template <typename Group, typename T>
SYCL_EXTERNAL void group_pack(Group g, bool predicate, const T& value, T* dst) {
  using namespace sycl;
  // --- Figure 14-23 ---
  uint32_t index =
      exclusive_scan_over_group(g, (uint32_t)predicate, plus<>());
  if (predicate) dst[index] = value;
  // --- end of figure ---
}

// size = number of elements; work-groups of 64.
inline result run_fig14_23(sycl::queue& q, std::size_t N) {
  using namespace sycl;
  constexpr std::size_t L = 64;
  N = (N + L - 1) / L * L;
  int* input = malloc_shared<int>(N, q);
  int* packed = malloc_shared<int>(N, q);
  uint32_t* counts = malloc_shared<uint32_t>(N / L, q);
  const std::vector<int> values = small_values<int>(N, 1423);
  std::copy(values.begin(), values.end(), input);
  std::fill(packed, packed + N, -100);

  const auto t0 = clock::now();
  q.parallel_for(nd_range<1>{N, L}, [=](nd_item<1> it) {
     auto g = it.get_group();
     const int value = input[it.get_global_id(0)];
     const bool predicate = value > 0;
     group_pack(g, predicate, value, packed + g.get_group_linear_id() * L);
     const uint32_t count = reduce_over_group(g, (uint32_t)predicate, plus<>());
     if (g.leader()) counts[g.get_group_linear_id()] = count;
   }).wait_and_throw();
  result r;
  r.seconds = seconds_since(t0);

  // Sequential reference: std::copy_if on each block.
  r.ok = true;
  for (std::size_t b = 0; b < N / L && r.ok; ++b) {
    std::vector<int> expect;
    std::copy_if(values.begin() + b * L, values.begin() + (b + 1) * L, std::back_inserter(expect),
                 [](int v) { return v > 0; });
    if (counts[b] != expect.size()) {
      std::fprintf(stderr, "block %zu: packed %u values, expected %zu\n", b, counts[b], expect.size());
      r.ok = false;
    }
    for (std::size_t k = 0; k < expect.size() && r.ok; ++k)
      if (packed[b * L + k] != expect[k]) {
        std::fprintf(stderr, "block %zu, element %zu: got %d, expected %d\n", b, k, packed[b * L + k], expect[k]);
        r.ok = false;
      }
  }
  free(counts, q);
  free(packed, q);
  free(input, q);
  return r;
}

// Figure 14-24's kernel, a function so that tessera-ch14-cuda-bench times this very code against
// its CUDA twin: particle i's list is neighbors[i * MAX_K ...], its length num_neighbors[i]. N must
// be a multiple of 8: the loop over j then runs N / 8 times in every work-item of the sub-group,
// which otherwise would meet different collectives.
inline constexpr std::size_t neighbour_list_capacity = 256;

inline sycl::event pack_neighbours(sycl::queue& q, const sycl::float3* position, int* neighbors,
                                   uint32_t* num_neighbors, std::size_t N, float CUTOFF) {
  using namespace sycl;
  constexpr std::size_t MAX_K = neighbour_list_capacity;
  // --- Figure 14-24 ---
  range<2> global(N, 8);
  range<2> local(1, 8);
  return q.parallel_for(nd_range<2>(global, local), [=](nd_item<2> it) {
    int i = it.get_global_id(0);
    sub_group sg = it.get_sub_group();
    int sglid = sg.get_local_id()[0];
    int sgrange = sg.get_local_range()[0];

    uint32_t k = 0;
    for (int j = sglid; j < N; j += sgrange) {
      // Compute distance between i and neighbor j
      float r = distance(position[i], position[j]);

      // Pack neighbors that require post-processing into a list
      uint32_t pack = (i != j) && (r <= CUTOFF);
      uint32_t offset = exclusive_scan_over_group(sg, pack, plus<>());
      if (pack) {
        neighbors[i * MAX_K + k + offset] = j;
      }

      // Keep track of how many neighbors have been packed so far
      k += reduce_over_group(sg, pack, plus<>());
    }

    num_neighbors[i] = reduce_over_group(sg, k, maximum<>());
  });
  // --- end of figure ---
}

// size = number of particles, uniformly placed in the unit cube.
inline result run_fig14_24(sycl::queue& q, std::size_t N) {
  using namespace sycl;
  N = (N + 7) / 8 * 8; // as pack_neighbours needs
  constexpr float CUTOFF = 0.25f;
  constexpr std::size_t MAX_K = neighbour_list_capacity;
  sycl::float3* position = malloc_shared<sycl::float3>(N, q);
  int* neighbors = malloc_shared<int>(N * MAX_K, q);
  uint32_t* num_neighbors = malloc_shared<uint32_t>(N, q);
  const std::vector<float> coords = real_values<float>(3 * N, 1424);
  for (std::size_t p = 0; p < N; ++p)
    position[p] = sycl::float3(0.5f * (coords[3 * p] + 1), 0.5f * (coords[3 * p + 1] + 1), 0.5f * (coords[3 * p + 2] + 1));
  std::fill(neighbors, neighbors + N * MAX_K, -1);
  std::fill(num_neighbors, num_neighbors + N, 0xFFFFFFFFu);

  // Sequential reference neighbour lists (in increasing j, as the pack keeps the order).
  std::vector<std::vector<int>> expect(N);
  for (std::size_t i = 0; i < N; ++i) {
    for (std::size_t j = 0; j < N; ++j)
      if (i != j && distance(position[i], position[j]) <= CUTOFF) expect[i].push_back(static_cast<int>(j));
    if (expect[i].size() > MAX_K) throw std::runtime_error("fig14_24: too many neighbours for MAX_K");
  }

  const auto t0 = clock::now();
  pack_neighbours(q, position, neighbors, num_neighbors, N, CUTOFF).wait();
  q.wait_and_throw();
  result r;
  r.seconds = seconds_since(t0);

  r.ok = true;
  for (std::size_t i = 0; i < N && r.ok; ++i) {
    if (num_neighbors[i] != expect[i].size()) {
      std::fprintf(stderr, "particle %zu: %u neighbours, expected %zu\n", i, num_neighbors[i], expect[i].size());
      r.ok = false;
      break;
    }
    for (std::size_t k = 0; k < MAX_K && r.ok; ++k) {
      const int want = k < expect[i].size() ? expect[i][k] : -1;
      if (neighbors[i * MAX_K + k] != want) {
        std::fprintf(stderr, "particle %zu, neighbour %zu: got %d, expected %d\n", i, k, neighbors[i * MAX_K + k],
                     want);
        r.ok = false;
      }
    }
  }
  free(num_neighbors, q);
  free(neighbors, q);
  free(position, q);
  return r;
}

} // namespace figures
