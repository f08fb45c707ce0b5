// tessera-demo: runs every book figure in examples/figures/ on the default device and
// prints kernel | check | time (ms) | GFLOP/s | barriers. Exit status is nonzero if any check
// fails. "barriers" says how the CPU ran the figure's nd_range kernels: "loops" where the CBS
// pass compiled their barriers away, "fibers" where work-items ran on fibers (10-700x slower).
#include "figures/all.hpp"

#include "tessera/backend/cpu/compiled_group.hpp"

#include <cstring>

int main() {
  try {
    sycl::queue q;
    std::printf("Tessera demo on device: %s\n\n", q.get_device().get_info<sycl::info::device::name>().c_str());
    std::printf("| %-36s | %-5s | %10s | %8s | %-12s |\n", "kernel", "check", "time (ms)", "GFLOP/s", "barriers");
    std::printf("|%s|%s|%s|%s|%s|\n", std::string(38, '-').c_str(), std::string(7, '-').c_str(),
                std::string(12, '-').c_str(), std::string(10, '-').c_str(), std::string(14, '-').c_str());
    bool all_ok = true;
    for (const auto& f : figures::all_figures) {
      figures::result r;
      const std::size_t compiled0 = tessera::cpu::compiled_launches(), fibers0 = tessera::cpu::fiber_launches();
      try {
        r = f.run(q, f.default_size);
      } catch (const std::exception& e) {
        std::fprintf(stderr, "%s: exception: %s\n", f.name, e.what());
        r.ok = false;
      }
      all_ok = all_ok && r.ok;
      char gf[32] = "-";
      if (r.gflops >= 0) std::snprintf(gf, sizeof gf, "%.2f", r.gflops);
      const bool loops = tessera::cpu::compiled_launches() > compiled0, fibers = tessera::cpu::fiber_launches() > fibers0;
      const char* how = loops && fibers ? "loops+fibers" : loops ? "loops" : fibers ? "fibers" : "-";
      std::printf("| %-36s | %-5s | %10.3f | %8s | %-12s |\n", f.name, r.ok ? "PASS" : "FAIL", r.seconds * 1e3, gf, how);
      std::fflush(stdout);
    }
    std::printf("\n%s\n", all_ok ? "PASS" : "FAIL");
    return all_ok ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "exception: %s\nFAIL\n", e.what());
    return 1;
  }
}
