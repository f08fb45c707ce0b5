#pragma once
#include <cstddef>
#include <iterator>
#include <limits>
#include <type_traits>

namespace sycl {

inline constexpr std::size_t dynamic_extent = std::numeric_limits<std::size_t>::max();

// SYCL 2020 §4.8.5: std::span for C++17. Only what array reductions and ordinary reading need.
template <typename T, std::size_t Extent = dynamic_extent>
class span {
public:
  using element_type = T;
  using value_type = std::remove_cv_t<T>;
  using size_type = std::size_t;
  using pointer = T*;
  using reference = T&;
  using iterator = T*;
  static constexpr std::size_t extent = Extent;

  template <std::size_t E = Extent, typename = std::enable_if_t<E == 0 || E == dynamic_extent>>
  constexpr span() noexcept {}
  constexpr span(T* first, std::size_t count) : data_(first), size_(count) {}
  template <std::size_t N, typename = std::enable_if_t<Extent == dynamic_extent || Extent == N>>
  constexpr span(T (&array)[N]) noexcept : data_(array), size_(N) {}
  template <typename C, typename = std::enable_if_t<!std::is_array_v<C> && Extent == dynamic_extent>,
            typename = decltype(std::data(std::declval<C&>())), typename = decltype(std::size(std::declval<C&>()))>
  constexpr span(C& container) : data_(std::data(container)), size_(std::size(container)) {}

  constexpr T* data() const noexcept { return data_; }
  constexpr std::size_t size() const noexcept { return size_; }
  constexpr std::size_t size_bytes() const noexcept { return size_ * sizeof(T); }
  constexpr bool empty() const noexcept { return size_ == 0; }
  constexpr T& operator[](std::size_t i) const { return data_[i]; }
  constexpr T* begin() const noexcept { return data_; }
  constexpr T* end() const noexcept { return data_ + size_; }

private:
  T* data_ = nullptr;
  std::size_t size_ = 0;
};

template <typename T, std::size_t N> span(T (&)[N]) -> span<T, N>;
template <typename C> span(C&) -> span<std::remove_pointer_t<decltype(std::data(std::declval<C&>()))>>;

} // namespace sycl
