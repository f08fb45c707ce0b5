// Lists the devices Tessera sees, like sycl-ls.
#include <sycl/sycl.hpp>

int main() {
  for (const auto& p : sycl::platform::get_platforms()) {
    for (const auto& d : p.get_devices()) {
      std::cout << "[" << (d.is_cpu() ? "cpu" : "gpu") << "] " << p.get_info<sycl::info::platform::name>() << ": "
                << d.get_info<sycl::info::device::name>() << " (compute units "
                << d.get_info<sycl::info::device::max_compute_units>() << ", local memory "
                << d.get_info<sycl::info::device::local_mem_size>() / 1024 << " KiB, sub-group sizes";
      for (auto s : d.get_info<sycl::info::device::sub_group_sizes>()) std::cout << " " << s;
      std::cout << ")\n";
    }
  }
}
