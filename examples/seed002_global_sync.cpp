// Seed 002: a barrier across every work-group of one kernel (figures/seed002.hpp). Runs the seed's
// experiment (2048 work-items, work-groups of 64 and of 1024 as in the seed) with the root-group
// barrier and, on a GPU, with the seed's three hand-made barriers; prints the time per barrier.
// Usage: seed002_global_sync [iterations]   (default 1000 on the CPU, 100000 on a GPU; the seed ran 500000)
#include "figures/seed002.hpp"

int main(int argc, char** argv) {
  namespace s2 = figures::seed002;
  try {
    sycl::queue q;
    const std::size_t iterations =
        argc > 1 ? std::strtoull(argv[1], nullptr, 10) : q.get_device().is_gpu() ? 100000 : 1000;
    std::printf("seed 002 on %s: 2048 work-items, %zu iterations (2 barriers each)\n",
                q.get_device().get_info<sycl::info::device::name>().c_str(), iterations);
    bool ok = true;
    for (std::size_t local : {64, 1024}) {
      for (s2::method m : s2::all_methods) {
        if (!s2::runs_on(m, q)) {
          std::printf("  groups of %4zu  %-32s skipped: its items spin, and a CPU work-group's items are fibers\n",
                      local, s2::name(m));
          continue;
        }
        const figures::result r = s2::run(q, m, local, iterations);
        ok = ok && r.ok;
        std::printf("  groups of %4zu  %-32s %10.3f ms  %8.3f us/barrier  %s\n", local, s2::name(m), r.seconds * 1e3,
                    r.seconds * 1e6 / double(2 * iterations), r.ok ? "PASS" : "FAIL");
      }
    }
    std::printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "exception: %s\nFAIL\n", e.what());
    return EXIT_FAILURE;
  }
}
