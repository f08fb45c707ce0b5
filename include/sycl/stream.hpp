#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iostream>
#include <memory>
#include <mutex>
#include <type_traits>

#include "sycl/group.hpp"
#include "sycl/handler.hpp"
#include "sycl/h_item.hpp"
#include "sycl/id.hpp"
#include "sycl/item.hpp"
#include "sycl/nd_item.hpp"
#include "sycl/nd_range.hpp"
#include "sycl/property_list.hpp"
#include "sycl/range.hpp"
#include "sycl/vec.hpp"
#include "tessera/detail/macros.hpp"
#include "tessera/detail/stream_sink.hpp"
#include "tessera/detail/text_format.hpp"
#include "tessera/glue/stream_ops.hpp"
#include "tessera/memory/host_handle.hpp"

namespace sycl {

// SYCL 2020 §4.16. Manipulators.
enum class stream_manipulator {
  flush, dec, hex, oct, noshowbase, showbase, noshowpos, showpos, endl, fixed, scientific, hexfloat, defaultfloat
};
inline constexpr stream_manipulator flush = stream_manipulator::flush;
inline constexpr stream_manipulator dec = stream_manipulator::dec;
inline constexpr stream_manipulator hex = stream_manipulator::hex;
inline constexpr stream_manipulator oct = stream_manipulator::oct;
inline constexpr stream_manipulator noshowbase = stream_manipulator::noshowbase;
inline constexpr stream_manipulator showbase = stream_manipulator::showbase;
inline constexpr stream_manipulator noshowpos = stream_manipulator::noshowpos;
inline constexpr stream_manipulator showpos = stream_manipulator::showpos;
inline constexpr stream_manipulator endl = stream_manipulator::endl;
inline constexpr stream_manipulator fixed = stream_manipulator::fixed;
inline constexpr stream_manipulator scientific = stream_manipulator::scientific;
inline constexpr stream_manipulator hexfloat = stream_manipulator::hexfloat;
inline constexpr stream_manipulator defaultfloat = stream_manipulator::defaultfloat;

struct __precision_manipulator__ {
  int precision;
};
struct __width_manipulator__ {
  int width;
};
TESSERA_HOST_DEVICE inline __precision_manipulator__ setprecision(int precision) { return {precision}; }
TESSERA_HOST_DEVICE inline __width_manipulator__ setw(int width) { return {width}; }

} // namespace sycl

namespace tessera::detail {

// One statement, `out << a << b ...;`: its text is collected here and leaves as a whole at the
// end of the full expression, so that statements of different work-items never interleave.
// The format (hex, setprecision, ...) lasts until the end of the statement.
class stream_statement {
public:
  static constexpr std::size_t capacity = 512;

  template <typename T>
  TESSERA_HOST_DEVICE stream_statement(const stream_sink& sink, const T& first) : sink_(sink) {
    put(first);
  }
  stream_statement(const stream_statement&) = delete;
  stream_statement& operator=(const stream_statement&) = delete;
  TESSERA_HOST_DEVICE ~stream_statement() { flush(); }

  TESSERA_HOST_DEVICE void flush() {
    std::size_t n = text_.size < sink_.statement_size ? text_.size : sink_.statement_size;
    text_.size = 0;
    if (n == 0) return;
    ::tessera::glue::ops::write_statement(sink_, text_.data, n);
  }

  // Appends what `write(text)` writes, padded on the left to the width set by setw.
  template <typename Write>
  TESSERA_HOST_DEVICE void padded(const Write& write) {
    const std::size_t start = text_.size;
    write(text_);
    const auto len = text_.size - start;
    const auto width = static_cast<std::size_t>(format_.width > 0 ? format_.width : 0);
    format_.width = 0;
    if (len >= width) return;
    const std::size_t pad = width - len;
    for (std::size_t i = 0; i < pad; ++i) text_.put(' ');
    for (std::size_t i = text_.size; i-- > start + pad;) text_.data[i] = text_.data[i - pad];
    for (std::size_t i = start; i < start + pad && i < text_.size; ++i) text_.data[i] = ' ';
  }

  TESSERA_HOST_DEVICE void put(const char* s) {
    padded([&](auto& t) { t.put(s ? s : "(null)"); });
  }
  TESSERA_HOST_DEVICE void put(char c) {
    padded([&](auto& t) { t.put(c); });
  }
  TESSERA_HOST_DEVICE void put(bool b) { put(b ? "true" : "false"); }
  template <typename T>
  TESSERA_HOST_DEVICE std::enable_if_t<std::is_integral_v<T>> put(T v) {
    const bool neg = std::is_signed_v<T> && v < 0;
    const auto mag = neg ? 0 - static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(v);
    padded([&](auto& t) { put_integer(t, mag, neg, format_); });
  }
  template <typename T>
  TESSERA_HOST_DEVICE std::enable_if_t<std::is_floating_point_v<T>> put(T v) {
    padded([&](auto& t) { put_float(t, static_cast<double>(v), format_); });
  }
  template <typename T>
  TESSERA_HOST_DEVICE void put(T* p) {
    padded([&](auto& t) {
      t.put("0x");
      put_digits(t, reinterpret_cast<std::uintptr_t>(p), 16);
    });
  }
  TESSERA_HOST_DEVICE void put(sycl::stream_manipulator m) {
    using M = sycl::stream_manipulator;
    switch (m) {
    case M::flush: return flush();
    case M::endl: return text_.put('\n'), flush();
    case M::dec: format_.base = 10; break;
    case M::hex: format_.base = 16; break;
    case M::oct: format_.base = 8; break;
    case M::showbase: format_.showbase = true; break;
    case M::noshowbase: format_.showbase = false; break;
    case M::showpos: format_.showpos = true; break;
    case M::noshowpos: format_.showpos = false; break;
    case M::fixed: format_.floats = float_style::fixed; break;
    case M::scientific: format_.floats = float_style::scientific; break;
    case M::hexfloat: format_.floats = float_style::hex; break;
    case M::defaultfloat: format_.floats = float_style::general; break;
    }
  }
  // half prints as the float it holds, as DPC++'s stream prints it (half converts to float, char
  // and bool alike, so without this the call was ambiguous).
  TESSERA_HOST_DEVICE void put(sycl::half h) { put(static_cast<float>(h)); }
  // A vec prints its elements, separated by ", ", as DPC++'s stream prints one.
  template <typename T, int N>
  TESSERA_HOST_DEVICE void put(const sycl::vec<T, N>& v) {
    for (int i = 0; i < N; ++i) {
      if (i) text_.put(", ");
      put(v[i]);
    }
  }
  TESSERA_HOST_DEVICE void put(sycl::__precision_manipulator__ p) { format_.precision = p.precision; }
  TESSERA_HOST_DEVICE void put(sycl::__width_manipulator__ w) { format_.width = w.width; }

  // As DPC++ prints them: {1, 2, 3}.
  template <int D, typename Array>
  TESSERA_HOST_DEVICE void put_array(const Array& a) {
    text_.put('{');
    for (int d = 0; d < D; ++d) {
      if (d) text_.put(", ");
      put(static_cast<std::size_t>(a[d]));
    }
    text_.put('}');
  }
  template <int D> TESSERA_HOST_DEVICE void put(const sycl::id<D>& i) { put_array<D>(i); }
  template <int D> TESSERA_HOST_DEVICE void put(const sycl::range<D>& r) { put_array<D>(r); }
  template <int D, bool O>
  TESSERA_HOST_DEVICE void put(const sycl::item<D, O>& it) {
    text_.put("item(range: "), put(it.get_range()), text_.put(", id: "), put(it.get_id());
    if (O) text_.put(", offset: "), put(it.get_offset());
    text_.put(')');
  }
  template <int D>
  TESSERA_HOST_DEVICE void put(const sycl::nd_item<D>& it) {
    text_.put("nd_item(global_id: "), put(it.get_global_id()), text_.put(", local_id: "), put(it.get_local_id());
    text_.put(')');
  }
  template <int D>
  TESSERA_HOST_DEVICE void put(const sycl::group<D>& g) {
    text_.put("group(id: "), put(g.get_group_id()), text_.put(", global_range: "), put(g.get_global_range());
    text_.put(", local_range: "), put(g.get_local_range()), text_.put(", group_range: "), put(g.get_group_range());
    text_.put(')');
  }
  template <int D>
  TESSERA_HOST_DEVICE void put(const sycl::h_item<D>& h) {
    text_.put("h_item(global "), put(h.get_global()), text_.put(", logical local "), put(h.get_logical_local());
    text_.put(", physical local "), put(h.get_physical_local()), text_.put(')');
  }
  template <int D>
  TESSERA_HOST_DEVICE void put(const sycl::nd_range<D>& r) {
    text_.put("nd_range(global_range: "), put(r.get_global_range()), text_.put(", local_range: ");
    put(r.get_local_range()), text_.put(", offset: "), put(r.get_offset()), text_.put(')');
  }

private:
  stream_sink sink_;
  text_format format_;
  text<capacity> text_;
};

template <typename T>
TESSERA_HOST_DEVICE stream_statement& operator<<(stream_statement& s, const T& v) {
  s.put(v);
  return s;
}
template <typename T>
TESSERA_HOST_DEVICE stream_statement& operator<<(stream_statement&& s, const T& v) {
  s.put(v);
  return s;
}
} // namespace tessera::detail

namespace sycl {

class stream {
public:
  // Statements longer than the largest a work-item can hold are cut there.
  stream(std::size_t total_buffer_size, std::size_t work_item_buffer_size, handler& cgh,
         const property_list& = {})
      : total_(total_buffer_size), statement_(work_item_buffer_size) {
    sink_.capacity = total_buffer_size;
    sink_.statement_size = work_item_buffer_size < tessera::detail::stream_statement::capacity
                               ? work_item_buffer_size
                               : tessera::detail::stream_statement::capacity;
    host_ = tessera::glue::make_stream_storage(cgh.on_gpu(), cgh.stream_, sink_);
    identity_ = host_.get();
  }

  std::size_t size() const noexcept { return total_; }
  std::size_t get_size() const { return total_; }
  std::size_t get_work_item_buffer_size() const { return statement_; }
  std::size_t get_max_statement_size() const { return statement_; }

  TESSERA_HOST_DEVICE friend bool operator==(const stream& a, const stream& b) { return a.identity_ == b.identity_; }
  TESSERA_HOST_DEVICE friend bool operator!=(const stream& a, const stream& b) { return !(a == b); }

  // `out << x` starts a statement (tessera::detail::stream_statement).
  template <typename T>
  TESSERA_HOST_DEVICE friend tessera::detail::stream_statement operator<<(const stream& s, const T& v) {
    return tessera::detail::stream_statement(s.sink_, v);
  }

private:
  std::size_t total_;
  std::size_t statement_;
  tessera::detail::stream_sink sink_;
  // The storage is owned on the host only (kernels copy and move streams); its address, which
  // device copies keep, is what compares and hashes.
  tessera::memory::host_handle<tessera::detail::stream_storage> host_;
  const void* identity_ = nullptr;
  friend struct std::hash<stream>;
};

} // namespace sycl

// SYCL 2020 §4.5.2: a stream is its host-side storage.
template <> struct std::hash<sycl::stream> {
  std::size_t operator()(const sycl::stream& s) const noexcept { return std::hash<const void*>{}(s.identity_); }
};
