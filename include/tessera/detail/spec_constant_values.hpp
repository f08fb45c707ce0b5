#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

#include "tessera/detail/macros.hpp"

namespace tessera::detail {

// A specialization constant's key: a hash of the name of its specialization_id, read from this
// function's own name. Unlike the object's address it is the same in a CUDA translation unit's
// host and device passes, so a value set on the host is found by the kernel.
template <auto& S>
constexpr std::uint64_t spec_key() {
  std::uint64_t h = 14695981039346656037ull; // FNV-1a
  for (const char* p = __PRETTY_FUNCTION__; *p; ++p) h = (h ^ static_cast<unsigned char>(*p)) * 1099511628211ull;
  return h;
}
template <auto& S>
inline constexpr std::uint64_t spec_key_v = spec_key<S>();

// The specialization constants a command group set, by value, so that a kernel can carry them
// to the GPU as a kernel parameter (inside its kernel_handler). Fixed capacity: a GPU kernel's
// parameters are copied, not pointed to.
class spec_constant_values {
public:
  static constexpr int max_count = 16;
  static constexpr std::size_t max_bytes = 256;

  // False when full.
  bool set(std::uint64_t key, const void* value, std::size_t size) {
    for (int i = 0; i < count_; ++i)
      if (keys_[i] == key) return copy(data_ + offsets_[i], value, size), true;
    const std::size_t at = (used_ + 15) / 16 * 16;
    if (count_ == max_count || at + size > max_bytes) return false;
    keys_[count_] = key;
    sizes_[count_] = static_cast<std::uint16_t>(size);
    offsets_[count_++] = static_cast<std::uint16_t>(at);
    used_ = at + size;
    copy(data_ + at, value, size);
    return true;
  }
  TESSERA_HOST_DEVICE const unsigned char* find(std::uint64_t key) const {
    for (int i = 0; i < count_; ++i)
      if (keys_[i] == key) return data_ + offsets_[i];
    return nullptr;
  }
  // Takes every value of `other`, replacing its own of the same key; false when full.
  bool merge(const spec_constant_values& other) {
    for (int i = 0; i < other.count_; ++i)
      if (!set(other.keys_[i], other.data_ + other.offsets_[i], other.sizes_[i])) return false;
    return true;
  }

private:
  static void copy(unsigned char* to, const void* from, std::size_t size) { __builtin_memcpy(to, from, size); }

  alignas(16) unsigned char data_[max_bytes] = {};
  std::uint64_t keys_[max_count] = {};
  std::uint16_t offsets_[max_count] = {};
  std::uint16_t sizes_[max_count] = {};
  std::size_t used_ = 0;
  int count_ = 0;
};

// The specialization constants that some kernel of the program reads: instantiating a
// kernel_handler's get_specialization_constant<S> notes S as the program starts. A kernel bundle
// counts as using them (kernels are compiled with the program: which kernel reads which is not
// known at run time).
struct spec_constants_read {
  std::mutex mutex;
  std::vector<std::uint64_t> keys;
  static spec_constants_read& instance() {
    static spec_constants_read r;
    return r;
  }
  bool note(std::uint64_t key) {
    std::lock_guard lock(mutex);
    keys.push_back(key);
    return true;
  }
  bool has(std::uint64_t key) {
    std::lock_guard lock(mutex);
    return std::find(keys.begin(), keys.end(), key) != keys.end();
  }
  bool any() {
    std::lock_guard lock(mutex);
    return !keys.empty();
  }
};
template <auto& S>
inline const bool spec_read_noted = spec_constants_read::instance().note(spec_key_v<S>);
// What a kernel_handler's read instantiates: the note, in the host pass (the device pass has no
// program to note it in).
template <auto& S>
TESSERA_HOST_DEVICE inline void note_spec_read() {
#if !TESSERA_DEVICE_PASS
  (void)spec_read_noted<S>;
#endif
}

} // namespace tessera::detail
