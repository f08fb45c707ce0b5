#pragma once
#include <cstdint>
#include <type_traits>

#include "sycl/known_identity.hpp"
#include "tessera/backend/cpu/rendezvous.hpp"

namespace tessera::cpu {

// What each collective computes once every member has arrived, run by the last to arrive.
// Members' inputs and outputs are typed views over arrival.
template <typename T> const T& in(const arrival& a) { return *static_cast<const T*>(a.in); }
template <typename T> T& out(const arrival& a) { return *static_cast<T*>(a.out); }

template <typename T> struct broadcast_from {
  static void complete(arrival* m, std::uint32_t n, std::uint64_t src) {
    const T v = in<T>(m[src]);
    for (std::uint32_t i = 0; i < n; ++i) out<T>(m[i]) = v;
  }
};

// Items whose source lies outside the group keep their own value (the spec leaves it unspecified).
template <typename T> struct shift_left_by {
  static void complete(arrival* m, std::uint32_t n, std::uint64_t d) {
    for (std::uint32_t i = 0; i < n; ++i) out<T>(m[i]) = in<T>(m[i + d < n ? i + d : i]);
  }
};
template <typename T> struct shift_right_by {
  static void complete(arrival* m, std::uint32_t n, std::uint64_t d) {
    for (std::uint32_t i = 0; i < n; ++i) out<T>(m[i]) = in<T>(m[i >= d ? i - d : i]);
  }
};
template <typename T> struct permute_by_xor {
  static void complete(arrival* m, std::uint32_t n, std::uint64_t mask) {
    for (std::uint32_t i = 0; i < n; ++i) {
      const std::uint64_t j = i ^ mask;
      out<T>(m[i]) = in<T>(m[j < n ? j : i]);
    }
  }
};

template <typename T> struct selected {
  T value;
  std::uint64_t source;
};
template <typename T> struct select_from {
  static void complete(arrival* m, std::uint32_t n, std::uint64_t) {
    for (std::uint32_t i = 0; i < n; ++i) {
      const auto src = in<selected<T>>(m[i]).source;
      out<T>(m[i]) = in<selected<T>>(m[src < n ? src : i]).value;
    }
  }
};

template <typename T, typename Op> struct reduce_with {
  static void complete(arrival* m, std::uint32_t n, std::uint64_t) {
    T acc = in<T>(m[0]);
    for (std::uint32_t i = 1; i < n; ++i) acc = Op{}(acc, in<T>(m[i]));
    for (std::uint32_t i = 0; i < n; ++i) out<T>(m[i]) = acc;
  }
};

template <typename T, typename Op> struct inclusive_scan_with {
  static void complete(arrival* m, std::uint32_t n, std::uint64_t) {
    T acc = in<T>(m[0]);
    out<T>(m[0]) = acc;
    for (std::uint32_t i = 1; i < n; ++i) out<T>(m[i]) = acc = Op{}(acc, in<T>(m[i]));
  }
};

template <typename T, typename Op> struct exclusive_scan_with {
  static void complete(arrival* m, std::uint32_t n, std::uint64_t) {
    T acc = sycl::known_identity_v<Op, T>;
    for (std::uint32_t i = 0; i < n; ++i) {
      const T x = in<T>(m[i]); // read before writing: in and out may be the same variable
      out<T>(m[i]) = acc;
      acc = Op{}(acc, x);
    }
  }
};

// Votes are reductions of bools.
struct vote_any {
  static void complete(arrival* m, std::uint32_t n, std::uint64_t) {
    bool r = false;
    for (std::uint32_t i = 0; i < n; ++i) r = r || in<bool>(m[i]);
    for (std::uint32_t i = 0; i < n; ++i) out<bool>(m[i]) = r;
  }
};
struct vote_all {
  static void complete(arrival* m, std::uint32_t n, std::uint64_t) {
    bool r = true;
    for (std::uint32_t i = 0; i < n; ++i) r = r && in<bool>(m[i]);
    for (std::uint32_t i = 0; i < n; ++i) out<bool>(m[i]) = r;
  }
};

// Joint algorithms: every member passes the same range; the result is computed once.
template <typename F> struct joint_with {
  static void complete(arrival* m, std::uint32_t n, std::uint64_t) {
    const auto r = in<F>(m[0])();
    for (std::uint32_t i = 0; i < n; ++i) out<std::remove_const_t<decltype(r)>>(m[i]) = r;
  }
};

} // namespace tessera::cpu
