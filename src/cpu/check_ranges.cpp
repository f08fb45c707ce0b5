// Check mode's test of an items' loop at once (tessera_check_ranges, access_check.hpp), for the
// loops whose accesses of local memory each step by one element from an item to the next (a
// tree reduction's `tile[l] += tile[l + half]`; compiler/cbs/checked_ranges.cpp): where each
// element is one item's, and each item's first access of its element finds it as the inline
// test's fast path for a stretch's first access does (a write: not touched in this stretch; a
// read: written by an item of the group in an earlier one), the shadow's entries become what the
// inline tests would leave, a range at a time, and the loop runs untested; otherwise nothing
// changes and the loop tests each access.
#include "tessera/memory/access_check.hpp"
#include "tessera/memory/check_shadow.hpp"

extern "C" {
[[gnu::tls_model("initial-exec")]] extern thread_local tessera_check_shadow_state tessera_check_shadow;
}

namespace tessera::check {

namespace {

namespace sh = shadow;

// An AVX2 clone where the machine has AVX2. target_clones makes an ifunc, whose resolver the
// dynamic loader runs while it relocates libtessera, before ThreadSanitizer's runtime is up: a
// crash at load (every program of CI's TSan stage). Such builds take the plain version.
#if defined(__SANITIZE_THREAD__)
#define TESSERA_AVX2_CLONES
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define TESSERA_AVX2_CLONES
#endif
#endif
#ifndef TESSERA_AVX2_CLONES
#define TESSERA_AVX2_CLONES [[gnu::target_clones("avx2", "default")]]
#endif

// The granules that range `r`, at `at` for the first item, touches in a loop of `items` items,
// from `first` to `last`; false
// where they leave the group's local memory or start inside a granule (the inline test decides).
bool granules_of(const tessera_check_range& r, const char* at, std::uint64_t items,
                 const tessera_check_shadow_state& s, std::uint64_t& first, std::uint64_t& last) {
  const auto offset = static_cast<std::uint64_t>(at - s.arena);
  if (at < s.arena || offset % sh::granule_bytes != 0 || (r.step != 1 && r.step != 2)) return false;
  first = offset / sh::granule_bytes;
  last = first + r.step * (items - 1);
  return last < s.granules;
}

// Whether any of `items` words, `step` apart, was touched in this stretch, or (for a range whose
// first access reads) was not written by an item of the group in an earlier one: 0 where none.
template <bool Reads>
std::uint64_t stale(const std::uint64_t* word, std::uint64_t items, std::uint64_t step,
                    const tessera_check_shadow_state& s) {
  const std::uint64_t now = s.stretch, first = s.first;
  std::uint64_t any = 0;
  for (std::uint64_t k = 0; k < items; ++k) {
    const std::uint64_t w = word[k * step], at = w >> sh::stretch_shift;
    any |= at == now;
    if constexpr (Reads) any |= (at < first) | ((w & sh::written) == 0);
  }
  return any;
}

// Whether every item's first access of its element takes the inline test's path for a stretch's
// first access. Vectorised where the machine has AVX2, for 4-byte elements (one granule each).
TESSERA_AVX2_CLONES bool fresh(const tessera_check_range& r, const std::uint64_t* word,
                                                    std::uint64_t items, const tessera_check_shadow_state& s) {
  const bool reads = !(r.kinds & sh::first_writes);
  if (r.step == 1) return !(reads ? stale<true>(word, items, 1, s) : stale<false>(word, items, 1, s));
  return !(reads ? stale<true>(word, items, r.step, s) : stale<false>(word, items, r.step, s));
}

// The entries the inline tests leave: the stretch, written, the item as writer and first reader,
// the places of the last write and the first read. The places of an earlier stretch are read
// only where its word names a writer or reader of this stretch: they go too.
TESSERA_AVX2_CLONES void record(const tessera_check_range& r, std::uint64_t* word,
                                                     std::uint64_t items, std::uint32_t first_turn,
                                                     const tessera_check_shadow_state& s) {
  const std::uint64_t step = r.step;
  const std::uint64_t per_item = (r.kinds & sh::writes ? std::uint64_t(1) << sh::writer_shift : 0) |
                                 (r.kinds & sh::reads ? std::uint64_t(1) << sh::reader_shift : 0);
  const std::uint64_t first =
      (s.stretch << sh::stretch_shift | sh::written) + (first_turn + std::uint64_t(1)) * per_item;
  const auto write_place = reinterpret_cast<std::uint64_t>(r.write_place);
  const auto read_place = reinterpret_cast<std::uint64_t>(r.read_place);
  for (std::uint64_t k = 0; k < items; ++k) word[k * step] = first + k * per_item;
  for (std::uint64_t k = 0; k < items; ++k) word[k * step + sh::write_place_at] = write_place;
  for (std::uint64_t k = 0; k < items; ++k) word[k * step + sh::read_place_at] = read_place;
}

} // namespace

} // namespace tessera::check

extern "C" bool tessera_check_ranges(const tessera_check_range* ranges, std::uint32_t n, std::uint64_t items,
                                     std::uint32_t first_turn, const char* first_0, const char* first_1,
                                     const char* first_2, const char* first_3) noexcept {
  using namespace tessera::check;
  const tessera_check_shadow_state& s = tessera_check_shadow;
  const char* const at[sh::most_ranges] = {first_0, first_1, first_2, first_3};
  if (n > sh::most_ranges || items == 0 || first_turn + items > sh::item_mask) return false;
  std::uint64_t first[sh::most_ranges], last[sh::most_ranges];
  for (std::uint32_t k = 0; k < n; ++k) {
    if (!granules_of(ranges[k], at[k], items, s, first[k], last[k])) return false;
    // Each element one item's: ranges at other addresses touch none of its granules.
    for (std::uint32_t j = 0; j < k; ++j)
      if (first[j] <= last[k] && first[k] <= last[j]) return false;
  }
  for (std::uint32_t k = 0; k < n; ++k)
    if (!fresh(ranges[k], s.entries + first[k], items, s)) return false;
  for (std::uint32_t k = 0; k < n; ++k)
    record(ranges[k], s.entries + first[k], items, first_turn, s);
  return true;
}
