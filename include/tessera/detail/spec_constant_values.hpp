#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

#include "tessera/detail/macros.hpp"

namespace tessera::detail {

// A specialization constant is known by two keys. On the host, by the address of its
// specialization_id: exact, and the same in every translation unit and with every compiler. In a
// GPU kernel, by a hash of a name that the host and device passes of a CUDA translation unit both
// compute (the address of a host object means nothing there). The host learns the GPU key of each
// constant that some kernel reads as the program starts (spec_constants_read), and stores it next
// to each value it sets.
constexpr std::uint64_t fnv1a(const char* s) {
  std::uint64_t h = 14695981039346656037ull;
  for (; *s; ++s) h = (h ^ static_cast<unsigned char>(*s)) * 1099511628211ull;
  return h;
}
#if TESSERA_CUDA_COMPILE && defined(__clang__)
// The name is the mangled one of a device variable made for the constant alone: clang 19's
// __PRETTY_FUNCTION__ drops a variable template specialisation's arguments (sc<int, 1> and
// sc<int, 2> both print "sc"), while mangling keeps them. The builtin is not a constant
// expression, but it names a string literal: optimised builds fold the hash to a constant.
template <auto& S>
__device__ char spec_device_anchor;
template <auto& S>
TESSERA_HOST_DEVICE std::uint64_t spec_device_key() {
  return fnv1a(__builtin_get_device_side_mangled_name(spec_device_anchor<S>));
}
#elif TESSERA_CUDA_COMPILE
// nvcc has no such builtin: the pretty name (whether nvcc's keeps a variable template
// specialisation's arguments is not checked).
template <auto& S>
TESSERA_HOST_DEVICE constexpr std::uint64_t spec_device_key() {
  return fnv1a(__PRETTY_FUNCTION__);
}
#endif
// The GPU key of S where this translation unit can launch GPU kernels, else 0 (none of its
// kernels reads S on a GPU).
template <auto& S>
std::uint64_t spec_device_key_here() {
#if TESSERA_CUDA_COMPILE
  return spec_device_key<S>();
#else
  return 0;
#endif
}

// The specialization constants a command group set, by value, so that a kernel can carry them
// to the GPU as a kernel parameter (inside its kernel_handler). Fixed capacity: a GPU kernel's
// parameters are copied, not pointed to.
class spec_constant_values {
public:
  static constexpr int max_count = 16;
  static constexpr std::size_t max_bytes = 256;

  // `id`: the specialization_id's address; `device_key`: its GPU key, or 0. False when full.
  bool set(const void* id, std::uint64_t device_key, const void* value, std::size_t size) {
    for (int i = 0; i < count_; ++i)
      if (ids_[i] == id) return copy(data_ + offsets_[i], value, size), true;
    const std::size_t at = (used_ + 15) / 16 * 16;
    if (count_ == max_count || at + size > max_bytes) return false;
    ids_[count_] = id;
    device_keys_[count_] = device_key;
    sizes_[count_] = static_cast<std::uint16_t>(size);
    offsets_[count_++] = static_cast<std::uint16_t>(at);
    used_ = at + size;
    copy(data_ + at, value, size);
    return true;
  }
  const unsigned char* find(const void* id) const {
    for (int i = 0; i < count_; ++i)
      if (ids_[i] == id) return data_ + offsets_[i];
    return nullptr;
  }
  TESSERA_HOST_DEVICE const unsigned char* find_on_device(std::uint64_t device_key) const {
    for (int i = 0; i < count_; ++i)
      if (device_keys_[i] == device_key) return data_ + offsets_[i];
    return nullptr;
  }
  // Takes every value of `other`, replacing its own of the same constant; false when full.
  bool merge(const spec_constant_values& other) {
    for (int i = 0; i < other.count_; ++i)
      if (!set(other.ids_[i], other.device_keys_[i], other.data_ + other.offsets_[i], other.sizes_[i])) return false;
    return true;
  }

private:
  static void copy(unsigned char* to, const void* from, std::size_t size) { __builtin_memcpy(to, from, size); }

  alignas(16) unsigned char data_[max_bytes] = {};
  const void* ids_[max_count] = {};
  std::uint64_t device_keys_[max_count] = {};
  std::uint16_t offsets_[max_count] = {};
  std::uint16_t sizes_[max_count] = {};
  std::size_t used_ = 0;
  int count_ = 0;
};

// The specialization constants that some kernel of the program reads: instantiating a
// kernel_handler's get_specialization_constant<S> notes S as the program starts, with its GPU key
// where the kernel is CUDA code. A kernel bundle counts as using them (kernels are compiled with
// the program: which kernel reads which is not known at run time).
class spec_constants_read {
public:
  static spec_constants_read& instance() {
    static spec_constants_read r;
    return r;
  }
  bool note(const void* id, std::uint64_t device_key) {
    std::lock_guard lock(mutex_);
    read_.push_back({id, device_key});
    return true;
  }
  bool has(const void* id) {
    std::lock_guard lock(mutex_);
    return std::any_of(read_.begin(), read_.end(), [&](const entry& e) { return e.id == id; });
  }
  bool any() {
    std::lock_guard lock(mutex_);
    return !read_.empty();
  }
  // The GPU key that a kernel reading `id` looks for; 0 when no GPU kernel reads it.
  std::uint64_t device_key(const void* id) {
    std::lock_guard lock(mutex_);
    for (const entry& e : read_)
      if (e.id == id && e.device_key != 0) return e.device_key;
    return 0;
  }

private:
  struct entry {
    const void* id;
    std::uint64_t device_key;
  };
  std::mutex mutex_;
  std::vector<entry> read_;
};
template <auto& S>
inline const bool spec_read_noted = spec_constants_read::instance().note(&S, spec_device_key_here<S>());
// What a kernel_handler's read instantiates: the note, in the host pass (the device pass has no
// program to note it in).
template <auto& S>
TESSERA_HOST_DEVICE inline void note_spec_read() {
#if !TESSERA_DEVICE_PASS
  (void)spec_read_noted<S>;
#endif
}

// The value set for S, or null: found by address on the host, by GPU key in a GPU kernel.
template <auto& S>
TESSERA_HOST_DEVICE const unsigned char* find_spec_value(const spec_constant_values& values) {
#if TESSERA_DEVICE_PASS
  return values.find_on_device(spec_device_key<S>());
#else
  return values.find(&S);
#endif
}
// Sets S's value, with its GPU key; false when full.
template <auto& S>
bool set_spec_value(spec_constant_values& values, const void* value, std::size_t size) {
  std::uint64_t device_key = spec_device_key_here<S>();
  if (device_key == 0) device_key = spec_constants_read::instance().device_key(&S);
  return values.set(&S, device_key, value, size);
}

} // namespace tessera::detail
