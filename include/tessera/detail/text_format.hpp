#pragma once
#include <cstddef>
#include <cstdint>

#include "tessera/detail/macros.hpp"

// Number formatting that kernels can call on the GPU as well as on the CPU (no snprintf there),
// for sycl::stream.
namespace tessera::detail {

enum class float_style : unsigned char { general, fixed, scientific, hex };

struct text_format {
  int base = 10;
  int precision = 6;
  int width = 0;
  float_style floats = float_style::general;
  bool showpos = false;
  bool showbase = false;
};

// A fixed-capacity text, truncated when full.
template <std::size_t N>
struct text {
  char data[N];
  std::size_t size = 0;
  TESSERA_HOST_DEVICE void put(char c) {
    if (size < N) data[size++] = c;
  }
  TESSERA_HOST_DEVICE void put(const char* s) {
    while (*s) put(*s++);
  }
};

template <typename Text>
TESSERA_HOST_DEVICE void put_digits(Text& out, std::uint64_t v, int base, int min_digits = 1) {
  char d[64];
  int n = 0;
  do {
    d[n++] = "0123456789abcdef"[v % static_cast<unsigned>(base)];
    v /= static_cast<unsigned>(base);
  } while (v);
  while (n < min_digits) d[n++] = '0';
  while (n) out.put(d[--n]);
}

template <typename Text>
TESSERA_HOST_DEVICE void put_integer(Text& out, std::uint64_t magnitude, bool negative, const text_format& f) {
  if (negative) out.put('-');
  else if (f.showpos && f.base == 10) out.put('+');
  if (f.showbase && f.base == 16) out.put("0x");
  if (f.showbase && f.base == 8 && magnitude) out.put('0');
  put_digits(out, magnitude, f.base);
}

// Decimal digits of v >= 0: `digits` after the point, the integer part in full, rounded.
template <typename Text>
TESSERA_HOST_DEVICE void put_fixed(Text& out, double v, int digits) {
  double scale = 1;
  for (int i = 0; i < digits; ++i) scale *= 10;
  double whole = static_cast<double>(static_cast<std::uint64_t>(v));
  auto frac = static_cast<std::uint64_t>((v - whole) * scale + 0.5);
  if (static_cast<double>(frac) >= scale) whole += 1, frac = 0;
  put_digits(out, static_cast<std::uint64_t>(whole), 10);
  if (digits > 0) {
    out.put('.');
    put_digits(out, frac, 10, digits);
  }
}

template <typename Text>
TESSERA_HOST_DEVICE void put_float(Text& out, double v, const text_format& f) {
  if (v != v) return out.put("nan");
  if (v < 0 || (v == 0 && 1 / v < 0)) out.put('-'), v = -v;
  else if (f.showpos) out.put('+');
  if (v > 1.7976931348623157e308) return out.put("inf");
  int exp10 = 0;
  double m = v;
  if (m != 0) {
    while (m >= 10) m /= 10, ++exp10;
    while (m < 1) m *= 10, --exp10;
  }
  const int p = f.precision;
  auto strip_zeros = [&](std::size_t start) {
    bool point = false;
    for (std::size_t i = start; i < out.size; ++i) point |= out.data[i] == '.';
    if (!point) return;
    while (out.size > start && out.data[out.size - 1] == '0') --out.size;
    if (out.size > start && out.data[out.size - 1] == '.') --out.size;
  };
  auto scientific = [&](double mant, int e, int digits, bool strip = false) {
    double r = 0.5;
    for (int i = 0; i < digits; ++i) r /= 10;
    if (mant + r >= 10) mant /= 10, ++e;
    const std::size_t start = out.size;
    put_fixed(out, mant, digits);
    if (strip) strip_zeros(start);
    out.put('e');
    out.put(e < 0 ? '-' : '+');
    put_digits(out, static_cast<std::uint64_t>(e < 0 ? -e : e), 10, 2);
  };
  // Values past 2^64 do not fit the integer part of put_fixed: shown in scientific notation.
  if (f.floats == float_style::fixed && v < 1.8e19) return put_fixed(out, v, p);
  if (f.floats == float_style::scientific || f.floats == float_style::fixed) return scientific(m, exp10, p);
  if (f.floats == float_style::hex) {
    out.put("0x");
    int e2 = 0;
    double h = v;
    if (h != 0) {
      while (h >= 2) h /= 2, ++e2;
      while (h < 1) h *= 2, --e2;
    }
    out.put(h >= 1 ? '1' : '0');
    h -= h >= 1 ? 1 : 0;
    if (h > 0) out.put('.');
    for (int i = 0; i < 13 && h > 0; ++i) {
      h *= 16;
      const int d = static_cast<int>(h);
      out.put("0123456789abcdef"[d]);
      h -= d;
    }
    out.put('p');
    out.put(e2 < 0 ? '-' : '+');
    return put_digits(out, static_cast<std::uint64_t>(e2 < 0 ? -e2 : e2), 10);
  }
  // %g: fixed or scientific by the exponent, trailing zeros removed.
  const int sig = p == 0 ? 1 : p;
  if (exp10 < -4 || exp10 >= sig) return scientific(m, exp10, sig - 1, true);
  const std::size_t start = out.size;
  put_fixed(out, v, sig - 1 - exp10);
  strip_zeros(start);
}

} // namespace tessera::detail
