// Figure 9-9: a hierarchical kernel (parallel_for_work_group / parallel_for_work_item) that
// declares an array at work-group scope (so it lives in work-group local memory) and uses it
// at work-item scope.
#pragma once
#include "common.hpp"

namespace figures {

inline result run_fig9_9(sycl::queue& q, std::size_t size) {
  using namespace sycl;
  size = (size + 15) / 16 * 16; // a whole number of work-groups of 16
  std::vector<int> data(size, -1);

  result r;
  {
    buffer dataBuf{data.data(), range<1>{size}};
    const auto t0 = clock::now();
    q.submit([&](handler& h) {
      accessor data_acc{dataBuf, h};

      // --- Figure 9-9 ---
      range group_size{16};
      range num_groups = size / group_size;

      h.parallel_for_work_group(num_groups, group_size, [=](group<1> group) {
        // This variable is declared at work-group scope, so
        // it is allocated in local memory and accessible to
        // all work-items.
        int localIntArr[16];

        // There is an implicit barrier between code and variables
        // declared at work-group scope and the code and variables
        // at work-item scope.

        group.parallel_for_work_item([&](h_item<1> item) {
          auto index = item.get_global_id();
          auto local_index = item.get_local_id();

          // The code at work-item scope can read and write the
          // variables declared at work-group scope.
          localIntArr[local_index] = index + 1;
          data_acc[index] = localIntArr[local_index];
        });
      });
      // --- end of figure ---
    });
    q.wait_and_throw();
    r.seconds = seconds_since(t0);
  }
  r.ok = true;
  for (std::size_t i = 0; i < size && r.ok; ++i)
    if (data[i] != static_cast<int>(i) + 1) {
      std::fprintf(stderr, "mismatch at %zu: got %d, expected %d\n", i, data[i], static_cast<int>(i) + 1);
      r.ok = false;
    }
  return r;
}

} // namespace figures
