// Figure 9-11: querying the sub_group from an nd_item and synchronising it with
// sg.barrier(). The listing elides the work around the barrier ("..."); here each work-item
// first records the sub-group queries and writes one value to global memory, then, after the
// sub-group barrier, reads the value its mirror work-item in the same sub-group wrote.
#pragma once
#include "common.hpp"

namespace figures {

inline result run_fig9_11(sycl::queue& q, std::size_t size) {
  using namespace sycl;
  size = (size + 15) / 16 * 16;
  std::vector<int> data(size), mirrored(size, -1);
  for (std::size_t i = 0; i < size; ++i) data[i] = static_cast<int>(3 * i + 1);
  // Per work-item: sub-group local id, local range, group id, group range, max local range.
  std::vector<std::uint32_t> queries(5 * size, 0xFFFFFFFFu);

  result r;
  {
    buffer dataBuf{data.data(), range<1>{size}};
    buffer outBuf{mirrored.data(), range<1>{size}};
    buffer qBuf{queries.data(), range<1>{5 * size}};
    const auto t0 = clock::now();
    q.submit([&](handler& h) {
      accessor in{dataBuf, h};
      accessor out{outBuf, h, write_only};
      accessor info{qBuf, h, write_only};

      // --- Figure 9-11 ---
      h.parallel_for(nd_range{{size}, {16}}, [=](nd_item<1> item) {
        auto sg = item.get_sub_group();
        // ... (not in the listing: record the queries, update global memory)
        const std::size_t gid = item.get_global_id(0);
        const std::uint32_t lid = sg.get_local_id()[0];
        const std::uint32_t lrange = sg.get_local_range()[0];
        info[5 * gid + 0] = lid;
        info[5 * gid + 1] = lrange;
        info[5 * gid + 2] = sg.get_group_id()[0];
        info[5 * gid + 3] = sg.get_group_range()[0];
        info[5 * gid + 4] = sg.get_max_local_range()[0];
        in[gid] = in[gid] * 2;
        sg.barrier();
        // ... (not in the listing: read what another work-item of the sub-group wrote)
        out[gid] = in[gid - lid + (lrange - 1 - lid)];
      });
      // --- end of figure ---
    });
    q.wait_and_throw();
    r.seconds = seconds_since(t0);
  }

  // Reference: sub-groups are runs of consecutive local ids inside each work-group of 16.
  r.ok = true;
  for (std::size_t g0 = 0; g0 < size && r.ok; g0 += 16) {
    const std::uint32_t max_sg = queries[5 * g0 + 4];
    if (max_sg == 0 || max_sg > 64) {
      std::fprintf(stderr, "bad max sub-group size %u\n", max_sg);
      r.ok = false;
      break;
    }
    for (std::uint32_t l = 0; l < 16 && r.ok; ++l) {
      const std::size_t gid = g0 + l;
      const std::uint32_t sg_id = l / max_sg, sg_lid = l % max_sg;
      const std::uint32_t sg_base = sg_id * max_sg;
      const std::uint32_t sg_size = std::min<std::uint32_t>(max_sg, 16 - sg_base);
      const std::uint32_t sg_count = (16 + max_sg - 1) / max_sg;
      const std::uint32_t* qi = &queries[5 * gid];
      if (qi[0] != sg_lid || qi[1] != sg_size || qi[2] != sg_id || qi[3] != sg_count || qi[4] != max_sg) {
        std::fprintf(stderr,
                     "work-item %zu: sub-group queries {lid %u, range %u, group %u, groups %u, max %u}, expected "
                     "{%u, %u, %u, %u, %u}\n",
                     gid, qi[0], qi[1], qi[2], qi[3], qi[4], sg_lid, sg_size, sg_id, sg_count, max_sg);
        r.ok = false;
        break;
      }
      const std::size_t src = g0 + sg_base + (sg_size - 1 - sg_lid);
      const int expect = static_cast<int>(2 * (3 * src + 1));
      if (mirrored[gid] != expect || data[gid] != static_cast<int>(2 * (3 * gid + 1))) {
        std::fprintf(stderr, "mismatch at %zu: got %d, expected %d\n", gid, mirrored[gid], expect);
        r.ok = false;
      }
    }
  }
  return r;
}

} // namespace figures
