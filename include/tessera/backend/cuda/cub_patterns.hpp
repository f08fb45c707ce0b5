#pragma once
#include "tessera/detail/macros.hpp"
#if TESSERA_CUDA_COMPILE
#include <cuda_runtime.h>

#include <cub/device/device_merge_sort.cuh>
#include <cub/device/device_partition.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>

#include <cstddef>
#include <functional>
#include <iterator>
#include <type_traits>

#include "tessera/backend/cuda/lookback_scan.hpp"
#include "tessera/backend/cuda/runtime.hpp"
#include "tessera/detail/contiguous_access.hpp"

// The pattern set of the algorithm library (tessera/ext/dpl) on a GPU: CUB's device-wide
// reduce, scan, select, partition and sorts on the queue's CUDA stream, where CUB has them, and
// plain kernels for the maps. The library's functors take indices; two small iterators turn
// them into what CUB reads (map(i)) and writes (write(i, x)). Each call returns when its work on
// the stream has completed, as the algorithms are blocking.
namespace tessera::cuda {

// map(i) as a read-only random-access sequence.
template <typename T, typename Map>
class index_map_iterator {
public:
  using iterator_category = std::random_access_iterator_tag;
  using value_type = T;
  using difference_type = std::ptrdiff_t;
  using pointer = void;
  using reference = T;

  TESSERA_HOST_DEVICE index_map_iterator(Map map, std::ptrdiff_t at) : map_(map), at_(at) {}
  TESSERA_HOST_DEVICE T operator*() const { return map_(static_cast<std::size_t>(at_)); }
  TESSERA_HOST_DEVICE T operator[](std::ptrdiff_t n) const { return map_(static_cast<std::size_t>(at_ + n)); }
  TESSERA_HOST_DEVICE index_map_iterator operator+(std::ptrdiff_t n) const { return {map_, at_ + n}; }
  TESSERA_HOST_DEVICE index_map_iterator operator-(std::ptrdiff_t n) const { return {map_, at_ - n}; }
  TESSERA_HOST_DEVICE std::ptrdiff_t operator-(const index_map_iterator& o) const { return at_ - o.at_; }
  TESSERA_HOST_DEVICE index_map_iterator& operator+=(std::ptrdiff_t n) { return at_ += n, *this; }
  TESSERA_HOST_DEVICE index_map_iterator& operator-=(std::ptrdiff_t n) { return at_ -= n, *this; }
  TESSERA_HOST_DEVICE index_map_iterator& operator++() { return ++at_, *this; }
  TESSERA_HOST_DEVICE index_map_iterator operator++(int) { return {map_, at_++}; }
  TESSERA_HOST_DEVICE bool operator==(const index_map_iterator& o) const { return at_ == o.at_; }
  TESSERA_HOST_DEVICE bool operator!=(const index_map_iterator& o) const { return at_ != o.at_; }

private:
  Map map_;
  std::ptrdiff_t at_;
};

// A write-only sequence: assigning x to element i calls write(i, x).
template <typename T, typename Write>
class index_write_iterator {
  struct slot {
    Write write;
    std::size_t i;
    TESSERA_HOST_DEVICE const slot& operator=(const T& x) const {
      write(i, x);
      return *this;
    }
  };

public:
  using iterator_category = std::random_access_iterator_tag;
  using value_type = T;
  using difference_type = std::ptrdiff_t;
  using pointer = void;
  using reference = slot;

  TESSERA_HOST_DEVICE index_write_iterator(Write write, std::ptrdiff_t at) : write_(write), at_(at) {}
  TESSERA_HOST_DEVICE slot operator*() const { return {write_, static_cast<std::size_t>(at_)}; }
  TESSERA_HOST_DEVICE slot operator[](std::ptrdiff_t n) const { return {write_, static_cast<std::size_t>(at_ + n)}; }
  TESSERA_HOST_DEVICE index_write_iterator operator+(std::ptrdiff_t n) const { return {write_, at_ + n}; }
  TESSERA_HOST_DEVICE index_write_iterator operator-(std::ptrdiff_t n) const { return {write_, at_ - n}; }
  TESSERA_HOST_DEVICE std::ptrdiff_t operator-(const index_write_iterator& o) const { return at_ - o.at_; }
  TESSERA_HOST_DEVICE index_write_iterator& operator+=(std::ptrdiff_t n) { return at_ += n, *this; }
  TESSERA_HOST_DEVICE index_write_iterator& operator++() { return ++at_, *this; }
  TESSERA_HOST_DEVICE bool operator==(const index_write_iterator& o) const { return at_ == o.at_; }
  TESSERA_HOST_DEVICE bool operator!=(const index_write_iterator& o) const { return at_ != o.at_; }

private:
  Write write_;
  std::ptrdiff_t at_;
};

template <typename F>
__global__ void for_each_index_kernel(F f, std::size_t n) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) f(i);
}

// write(i, read(i)) for i in [0, n), each thread taking `k` elements a block apart: all k reads
// are issued before the first write, which the compiler could not reorder itself (a write may
// alias a later read), so that each thread keeps k loads in flight, as CUB's transform does.
template <unsigned k, typename Read, typename Write>
__global__ void map_kernel(Read read, Write write, std::size_t n) {
  using T = decltype(read(std::size_t{}));
  const std::size_t tile = std::size_t{k} * blockDim.x;
  for (std::size_t first = blockIdx.x * tile; first < n; first += static_cast<std::size_t>(gridDim.x) * tile) {
    const std::size_t i = first + threadIdx.x;
    if (first + tile <= n) {
      T v[k];
#pragma unroll
      for (unsigned j = 0; j < k; ++j) v[j] = read(i + j * blockDim.x);
#pragma unroll
      for (unsigned j = 0; j < k; ++j) write(i + j * blockDim.x, v[j]);
    } else {
      for (unsigned j = 0; j < k; ++j)
        if (i + j * blockDim.x < n) write(i + j * blockDim.x, read(i + j * blockDim.x));
    }
  }
}

// out[i] = read.of(in[i]) over 16-byte chunks of both arrays (equal element sizes), each thread
// loading k chunks a block apart before its first store; the elements past the last whole chunk
// go to the first threads of block 0.
template <unsigned k, typename Read, typename U>
__global__ void wide_map_kernel(Read read, U* out, std::size_t n) {
  using V = tessera::detail::read_element_t<Read>;
  struct alignas(16) in_chunk { V e[16 / sizeof(V)]; };
  struct alignas(16) out_chunk { U e[16 / sizeof(U)]; };
  constexpr unsigned vec = 16 / sizeof(V);
  const std::size_t chunks = n / vec, tile = std::size_t{k} * blockDim.x;
  const auto* in = reinterpret_cast<const in_chunk*>(read.p);
  auto* to = reinterpret_cast<out_chunk*>(out);
  for (std::size_t first = blockIdx.x * tile; first < chunks; first += static_cast<std::size_t>(gridDim.x) * tile) {
    in_chunk c[k];
#pragma unroll
    for (unsigned j = 0; j < k; ++j) {
      const std::size_t at = first + j * blockDim.x + threadIdx.x;
      if (at < chunks) c[j] = in[at];
    }
#pragma unroll
    for (unsigned j = 0; j < k; ++j) {
      const std::size_t at = first + j * blockDim.x + threadIdx.x;
      if (at < chunks) {
        out_chunk o;
#pragma unroll
        for (unsigned e = 0; e < vec; ++e) o.e[e] = read.of(c[j].e[e]);
        to[at] = o;
      }
    }
  }
  const std::size_t i = chunks * vec + threadIdx.x;
  if (blockIdx.x == 0 && i < n) out[i] = read.of(read.p[i]);
}

// Whether map() can run a read-then-write pair as wide_map_kernel: contiguous arrays of equal
// 4- or 8-byte element sizes.
template <typename Read, typename Write, typename = void>
struct wide_map : std::false_type {};
template <typename Read, typename Write>
struct wide_map<Read, Write,
                std::enable_if_t<tessera::detail::is_contiguous_read<Read>::value &&
                                 tessera::detail::is_element_write<Write>::value>> {
  using V = tessera::detail::read_element_t<Read>;
  using U = std::remove_pointer_t<decltype(Write::p)>;
  static constexpr bool value = sizeof(V) == sizeof(U) && (sizeof(V) == 4 || sizeof(V) == 8) &&
                                std::is_trivially_copyable_v<V> && std::is_trivially_copyable_v<U> &&
                                std::is_default_constructible_v<V> && std::is_default_constructible_v<U>;
};

// Device memory for an algorithm's intermediate data, from the stream's pool, freed in stream order.
template <typename T>
class device_array {
public:
  device_array(stream s, std::size_t n) : s_(s) {
    if (n) throw_if_error(cudaMallocAsync(reinterpret_cast<void**>(&p_), n * sizeof(T), static_cast<cudaStream_t>(s)),
                          "allocating an algorithm's scratch memory");
  }
  ~device_array() {
    if (p_) cudaFreeAsync(p_, static_cast<cudaStream_t>(s_));
  }
  device_array(const device_array&) = delete;
  device_array& operator=(const device_array&) = delete;
  T* data() const { return p_; }

private:
  stream s_;
  T* p_ = nullptr;
};

template <typename Comp, typename T> struct is_less : std::false_type {};
template <typename T> struct is_less<std::less<>, T> : std::true_type {};
template <typename T> struct is_less<std::less<T>, T> : std::true_type {};
template <typename Comp, typename T> struct is_greater : std::false_type {};
template <typename T> struct is_greater<std::greater<>, T> : std::true_type {};
template <typename T> struct is_greater<std::greater<T>, T> : std::true_type {};

struct algorithm_patterns {
  stream s;

  template <typename F>
  void for_each_index(std::size_t n, const F& f) const {
    if (n == 0) return;
    constexpr unsigned block = 256;
    const std::size_t blocks = (n + block - 1) / block;
    for_each_index_kernel<<<static_cast<unsigned>(blocks < (1u << 30) ? blocks : (1u << 30)), block, 0,
                            static_cast<cudaStream_t>(s)>>>(f, n);
    throw_if_error(cudaGetLastError(), "an algorithm's kernel");
    finish();
  }
  // write(i, read(i)): the maps that read their input and write their output (transform, copy).
  template <typename Read, typename Write>
  void map(std::size_t n, const Read& read, const Write& write) const {
    using T = decltype(read(std::size_t{}));
    if constexpr (wide_map<Read, Write>::value) {
      if (n > 0 && lookback::aligned(read.p) && lookback::aligned(write.p)) {
        constexpr unsigned block = 256, k = 4, vec = 16 / sizeof(*read.p);
        const std::size_t blocks = (n / vec + block * k - 1) / (block * k);
        wide_map_kernel<k><<<static_cast<unsigned>(blocks == 0 ? 1 : blocks < (1u << 30) ? blocks : (1u << 30)), block,
                             0, static_cast<cudaStream_t>(s)>>>(read, write.p, n);
        throw_if_error(cudaGetLastError(), "an algorithm's kernel");
        return finish();
      }
    }
    if constexpr (!std::is_default_constructible_v<T>) {
      for_each_index(n, [=] TESSERA_HOST_DEVICE(std::size_t i) { write(i, read(i)); });
    } else {
      if (n == 0) return;
      constexpr unsigned block = 256, k = 8;
      const std::size_t blocks = (n + block * k - 1) / (block * k);
      map_kernel<k><<<static_cast<unsigned>(blocks < (1u << 30) ? blocks : (1u << 30)), block, 0,
                      static_cast<cudaStream_t>(s)>>>(read, write, n);
      throw_if_error(cudaGetLastError(), "an algorithm's kernel");
      finish();
    }
  }
  template <typename F>
  void for_each_piece(std::size_t n, const F& f) const {
    for_each_index(n, [f] TESSERA_HOST_DEVICE(std::size_t i) { f(i, i + 1); });
  }

  template <typename T, typename Map, typename Op>
  T reduce(std::size_t n, T init, const Map& map, const Op& op) const {
    if (n == 0) return init;
    // CUB loads a plain array in wide chunks, a functor's values one by one.
    if constexpr (tessera::detail::is_element_read_as<Map, T>::value)
      return reduce_from(map.p, n, init, op);
    else
      return reduce_from(index_map_iterator<T, Map>(map, 0), n, init, op);
  }

  // Contiguous arrays of 4- and 8-byte arithmetic values take the single-pass look-back scan;
  // anything else CUB's scan over the functors.
  template <typename T, typename Map, typename Op, typename Write>
  void scan(std::size_t n, const Map& map, const Op& op, const T* init, bool inclusive, const Write& write) const {
    if (n == 0) return;
    if constexpr (lookback::fits<T> && std::is_same_v<Map, tessera::detail::element_read<T>> &&
                  std::is_same_v<Write, tessera::detail::element_write<T>>) {
      if (lookback::takes(map.p, write.p, n)) {
        lookback::scan(s, map.p, write.p, n, op, init, inclusive);
        return finish();
      }
    }
    const index_map_iterator<T, Map> in(map, 0);
    const index_write_iterator<T, Write> out(write, 0);
    const auto cs = static_cast<cudaStream_t>(s);
    const auto count = static_cast<std::int64_t>(n);
    with_result<void>(n, [&](void* temp, std::size_t& bytes, char*) {
      if (!inclusive) return cub::DeviceScan::ExclusiveScan(temp, bytes, in, out, op, *init, count, cs);
      if (init) return cub::DeviceScan::InclusiveScanInit(temp, bytes, in, out, op, *init, count, cs);
      return cub::DeviceScan::InclusiveScan(temp, bytes, in, out, op, count, cs);
    });
  }

  template <typename Pred, typename Selected>
  std::size_t pack(std::size_t n, const Pred& pred, const Selected& selected) const {
    if (n == 0) return 0;
    // An array's elements tested and copied as they are: CUB's select reads and writes them
    // itself, in wide chunks, instead of selecting indices and copying each element after.
    if constexpr (tessera::detail::is_element_map<Pred>::value && tessera::detail::is_element_copy<Selected>::value) {
      if (pred.p == selected.from)
        return with_result<std::int64_t>(n, [&](void* temp, std::size_t& bytes, std::int64_t* count) {
          return cub::DeviceSelect::If(temp, bytes, pred.p, selected.to, count, static_cast<std::int64_t>(n), pred.f,
                                       static_cast<cudaStream_t>(s));
        });
    }
    const auto index = [] TESSERA_HOST_DEVICE(std::size_t i) { return i; };
    const index_map_iterator<std::size_t, decltype(index)> in(index, 0);
    const auto write = selected_of(selected);
    const index_write_iterator<std::size_t, decltype(write)> out(write, 0);
    return with_result<std::int64_t>(n, [&](void* temp, std::size_t& bytes, std::int64_t* count) {
      return cub::DeviceSelect::If(temp, bytes, in, out, count, static_cast<std::int64_t>(n), pred,
                                   static_cast<cudaStream_t>(s));
    });
  }

  // CUB's partition puts the rejected items at the back in reverse order; the positions go to
  // scratch first, then each item is written to its stable place.
  template <typename Pred, typename Selected, typename Rejected>
  std::size_t partition(std::size_t n, const Pred& pred, const Selected& selected, const Rejected& rejected) const {
    if (n == 0) return 0;
    device_array<std::size_t> order(s, n);
    std::size_t* o = order.data();
    const auto index = [] TESSERA_HOST_DEVICE(std::size_t i) { return i; };
    const index_map_iterator<std::size_t, decltype(index)> in(index, 0);
    const std::size_t kept = with_result<std::int64_t>(n, [&](void* temp, std::size_t& bytes, std::int64_t* count) {
      return cub::DevicePartition::If(temp, bytes, in, o, count, static_cast<std::int64_t>(n), pred,
                                      static_cast<cudaStream_t>(s));
    });
    for_each_index(n, [=] TESSERA_HOST_DEVICE(std::size_t p) {
      if (p < kept) selected(o[p], p);
      else rejected(o[p], kept + (n - 1 - p));
    });
    return kept;
  }

  template <typename Pred>
  std::size_t find_first(std::size_t n, const Pred& pred) const {
    const auto at = [=] TESSERA_HOST_DEVICE(std::size_t i) { return pred(i) ? i : n; };
    const auto least = [] TESSERA_HOST_DEVICE(std::size_t a, std::size_t b) { return a < b ? a : b; };
    return reduce(n, n, at, least);
  }

  // Radix sort for arithmetic keys in ascending or descending order (stable), merge sort for
  // other orders.
  template <typename T, typename Comp>
  void sort(T* data, std::size_t n, const Comp& comp, bool stable) const {
    if (n < 2) return;
    const auto cs = static_cast<cudaStream_t>(s);
    if constexpr (std::is_arithmetic_v<T> && (is_less<Comp, T>::value || is_greater<Comp, T>::value)) {
      (void)stable;
      // The passes' alternate keys share the stream's scratch block with CUB's temporary storage:
      // with a stream-ordered allocation per call (which the pool gives back at each
      // synchronisation) a 2^20 sort took 1.6x CUB's time on an H100, now 1.0x (performance.md).
      cub::DoubleBuffer<T> keys(data, nullptr);
      const auto sort_keys = [&](void* temp, std::size_t& bytes) {
        if constexpr (is_less<Comp, T>::value)
          return cub::DeviceRadixSort::SortKeys(temp, bytes, keys, static_cast<std::int64_t>(n), 0, int(sizeof(T) * 8), cs);
        else
          return cub::DeviceRadixSort::SortKeysDescending(temp, bytes, keys, static_cast<std::int64_t>(n), 0,
                                                          int(sizeof(T) * 8), cs);
      };
      std::size_t bytes = 0;
      throw_if_error(sort_keys(nullptr, bytes), "sizing a CUB call");
      const std::size_t keys_at = (bytes + 255) / 256 * 256;
      char* base = static_cast<char*>(scratch(s, keys_at + n * sizeof(T)));
      keys.d_buffers[1] = reinterpret_cast<T*>(base + keys_at);
      throw_if_error(sort_keys(base, bytes), "an algorithm on the GPU (CUB)");
      if (keys.Current() != data)
        throw_if_error(cudaMemcpyAsync(data, keys.Current(), n * sizeof(T), cudaMemcpyDeviceToDevice, cs), "sort");
      finish();
    } else {
      with_result<void>(n, [&](void* temp, std::size_t& bytes, char*) {
        if (stable) return cub::DeviceMergeSort::StableSortKeys(temp, bytes, data, static_cast<std::int64_t>(n), comp, cs);
        return cub::DeviceMergeSort::SortKeys(temp, bytes, data, static_cast<std::int64_t>(n), comp, cs);
      });
    }
  }

  template <typename T>
  device_array<T> temporary(std::size_t n) const {
    return device_array<T>(s, n);
  }

private:
  template <typename In, typename T, typename Op>
  T reduce_from(In in, std::size_t n, T init, const Op& op) const {
    return with_result<T>(n, [&](void* temp, std::size_t& bytes, T* out) {
      return cub::DeviceReduce::Reduce(temp, bytes, in, out, static_cast<std::int64_t>(n), op, init,
                                       static_cast<cudaStream_t>(s));
    });
  }

  template <typename Selected>
  static auto selected_of(const Selected& selected) {
    // CUB writes the k-th selected index i as out[k] = i.
    return [selected] TESSERA_HOST_DEVICE(std::size_t k, std::size_t i) { selected(i, k); };
  }

  void finish() const {
    throw_if_error(cudaStreamSynchronize(static_cast<cudaStream_t>(s)), "an algorithm on the GPU");
  }

  // Runs a CUB call in the stream's scratch block (sized by a first call, remembered per call site
  // for the last size and device: the sizing call takes ~0.9 us of a 20 us reduction) with its
  // result, if any (R), in the stream's pinned result slot; returns the result once the stream is
  // done.
  template <typename R, typename Call>
  R with_result(std::size_t n, const Call& call) const {
    using Slot = std::conditional_t<std::is_void_v<R>, char, R>;
    static_assert(sizeof(Slot) <= result_slot_bytes);
    auto* result = std::is_void_v<R> ? nullptr : static_cast<Slot*>(result_slot(s));
    const std::size_t bytes = temporary_bytes(n, [&](std::size_t& b) { return call(nullptr, b, result); });
    std::size_t b = bytes;
    // Never a null pointer: CUB takes one as a sizing request.
    throw_if_error(call(scratch(s, bytes > 0 ? bytes : 1), b, result), "an algorithm on the GPU (CUB)");
    finish();
    if constexpr (!std::is_void_v<R>) return *result;
  }

  // A CUB call's temporary storage for n items on the current device; a call site's types are
  // fixed, so the last answer holds while n and the device do.
  template <typename Size>
  static std::size_t temporary_bytes(std::size_t n, const Size& size) {
    struct last {
      int device = -1;
      std::size_t n = 0, bytes = 0;
    };
    static thread_local last memo;
    int device = 0;
    throw_if_error(cudaGetDevice(&device), "reading the current device");
    if (memo.device != device || memo.n != n) {
      std::size_t bytes = 0;
      throw_if_error(size(bytes), "sizing a CUB call");
      memo = {device, n, bytes};
    }
    return memo.bytes;
  }
};

} // namespace tessera::cuda
#endif
