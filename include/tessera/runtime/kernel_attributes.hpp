#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace tessera::runtime {

// SYCL 2020's kernel attributes (§5.8.1) on a kernel's call operator reach the runtime through
// Tessera's clang plugin (compiler/kernel_attributes/), which points kernel_attribute_words<K> at
// the words of kernel type K's attributes: entries (kind, argument count, arguments...), then 0.
// A library cannot see attributes itself: compiled without the plugin (g++, clang without
// -fplugin) the pointer stays null, and a kernel has no attributes.
enum class kernel_attribute : std::uint64_t {
  reqd_work_group_size = 1,
  work_group_size_hint = 2,
  reqd_sub_group_size = 3,
  device_has = 4, // arguments: the aspects' values
};

// Not const, so that the compiler reads it rather than folding the null in.
template <typename Kernel>
inline const std::uint64_t* kernel_attribute_words = nullptr;

// What a kernel's attributes ask of a device.
struct kernel_requirements {
  // reqd_work_group_size by the kernel's dimensionality: work_group[D - 1], all 0 where none (a
  // functor may have a call operator per dimensionality).
  std::array<std::array<std::size_t, 3>, 3> work_group{};
  std::uint32_t sub_group = 0; // reqd_sub_group_size, 0 where none
  std::vector<int> aspects;    // device_has, of every call operator

  bool any() const { return sub_group != 0 || !aspects.empty() || work_group != decltype(work_group){}; }
  // The required work-group size of a D-dimensional launch, or null.
  const std::size_t* work_group_of(int dims) const {
    return work_group[static_cast<std::size_t>(dims - 1)][0] ? work_group[static_cast<std::size_t>(dims - 1)].data()
                                                              : nullptr;
  }
};

// The requirements the words spell (none for null).
kernel_requirements requirements_of(const std::uint64_t* words);

} // namespace tessera::runtime
