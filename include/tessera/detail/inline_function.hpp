#pragma once
#include <cstddef>
#include <new>
#include <type_traits>
#include <utility>

namespace tessera::detail {

// A move-only `void()` callable that keeps a closure of up to `Inline` bytes in place. A GPU
// command's launch closure (its range and the kernel's captures) is built and dropped once per
// submission: std::function keeps only 16 bytes in place in libstdc++, so it would allocate for
// nearly every kernel (std::move_only_function, C++23, leaves the size to the library too).
template <std::size_t Inline>
class inline_function {
public:
  inline_function() = default;
  template <typename F, typename = std::enable_if_t<!std::is_same_v<std::decay_t<F>, inline_function>>>
  inline_function(F&& f) { // NOLINT: converts like std::function
    using T = std::decay_t<F>;
    if constexpr (fits<T>) {
      ::new (static_cast<void*>(storage_)) T(std::forward<F>(f));
      ops_ = &in_place_ops<T>;
    } else {
      ::new (static_cast<void*>(storage_)) T*(new T(std::forward<F>(f)));
      ops_ = &on_heap_ops<T>;
    }
  }
  inline_function(inline_function&& o) noexcept : ops_(o.ops_) {
    if (ops_) ops_->move(storage_, o.storage_);
    o.ops_ = nullptr;
  }
  inline_function& operator=(inline_function&& o) noexcept {
    if (this != &o) {
      reset();
      ops_ = o.ops_;
      if (ops_) ops_->move(storage_, o.storage_);
      o.ops_ = nullptr;
    }
    return *this;
  }
  inline_function(const inline_function&) = delete;
  inline_function& operator=(const inline_function&) = delete;
  ~inline_function() { reset(); }

  explicit operator bool() const { return ops_ != nullptr; }
  void operator()() { ops_->call(storage_); }

private:
  struct ops {
    void (*call)(void*);
    void (*move)(void* to, void* from); // leaves `from` destroyed
    void (*destroy)(void*);
  };
  template <typename T>
  static constexpr bool fits = sizeof(T) <= Inline && alignof(T) <= alignof(std::max_align_t) &&
                               std::is_nothrow_move_constructible_v<T>;
  template <typename T>
  static constexpr ops in_place_ops{
      [](void* p) { (*static_cast<T*>(p))(); },
      [](void* to, void* from) {
        ::new (to) T(std::move(*static_cast<T*>(from)));
        static_cast<T*>(from)->~T();
      },
      [](void* p) { static_cast<T*>(p)->~T(); }};
  template <typename T>
  static constexpr ops on_heap_ops{[](void* p) { (**static_cast<T**>(p))(); },
                                   [](void* to, void* from) { ::new (to) T*(*static_cast<T**>(from)); },
                                   [](void* p) { delete *static_cast<T**>(p); }};

  void reset() {
    if (ops_) ops_->destroy(storage_);
    ops_ = nullptr;
  }

  alignas(std::max_align_t) unsigned char storage_[Inline];
  const ops* ops_ = nullptr;
};

} // namespace tessera::detail
