#pragma once
#include <cstddef>
#include <functional>

#include "tessera/ext/dpl/access.hpp"
#include "tessera/ext/dpl/run.hpp"

// The pack family: the elements that pass a test, moved together in their order (a scan of the
// test gives each its place). In-place forms pack into scratch memory and copy back, since a
// parallel pack would overwrite elements other workers have yet to read.
namespace tessera::dpl {

// The elements of [first, last) with pred(x) into result, as they are; returns how many.
template <typename Policy, typename In, typename Out, typename Pred>
std::size_t select_to(Policy&& policy, In first, In last, Out result, Pred pred) {
  const std::size_t n = size_of(first, last);
  return run(policy, [&](const auto& exec, auto& session) {
    auto in = tessera::dpl::bind(first, session, n);
    auto out = tessera::dpl::bind(result, session, n);
    return exec.pack(n, tessera::dpl::read_mapped(in, pred), tessera::dpl::copy_to(in, out));
  });
}

// Packs the elements of [first, last) with keep(i) into result; returns how many.
template <typename Policy, typename In, typename Out, typename Keep>
std::size_t pack_to(Policy&& policy, In first, In last, Out result, Keep keep) {
  const std::size_t n = size_of(first, last);
  return run(policy, [&](const auto& exec, auto& session) {
    auto in = tessera::dpl::bind(first, session, n);
    auto out = tessera::dpl::bind(result, session, n);
    return exec.pack(n, [=](std::size_t i) { return static_cast<bool>(keep(in, i)); },
                     [=](std::size_t i, std::size_t k) { out[k] = in[i]; });
  });
}

// The same in place: the kept elements end up first; returns how many.
template <typename Policy, typename It, typename Keep>
std::size_t pack_in_place(Policy&& policy, It first, It last, Keep keep) {
  const std::size_t n = size_of(first, last);
  return run(policy, [&](const auto& exec, auto& session) {
    auto seq = tessera::dpl::bind(first, session, n);
    auto scratch = exec.template temporary<value_t<It>>(n);
    auto* tmp = scratch.data();
    const std::size_t kept = exec.pack(n, [=](std::size_t i) { return static_cast<bool>(keep(seq, i)); },
                                       [=](std::size_t i, std::size_t k) { tmp[k] = seq[i]; });
    exec.for_each_index(kept, [=](std::size_t i) { seq[i] = tmp[i]; });
    return kept;
  });
}

// A stable partition in place: the elements with pred first; returns how many.
template <typename Policy, typename It, typename Pred>
std::size_t partition_in_place(Policy&& policy, It first, It last, Pred pred) {
  const std::size_t n = size_of(first, last);
  return run(policy, [&](const auto& exec, auto& session) {
    auto seq = tessera::dpl::bind(first, session, n);
    auto scratch = exec.template temporary<value_t<It>>(n);
    auto* tmp = scratch.data();
    const std::size_t kept = exec.partition(n, [=](std::size_t i) { return static_cast<bool>(pred(seq[i])); },
                                            [=](std::size_t i, std::size_t k) { tmp[k] = seq[i]; },
                                            [=](std::size_t i, std::size_t p) { tmp[p] = seq[i]; });
    exec.for_each_index(n, [=](std::size_t i) { seq[i] = tmp[i]; });
    return kept;
  });
}

} // namespace tessera::dpl

namespace oneapi::dpl {

template <typename Policy, typename In, typename Out, typename Pred>
tessera::dpl::enable_if_policy<Policy, Out> copy_if(Policy&& policy, In first, In last, Out result, Pred pred) {
  return result + tessera::dpl::select_to(policy, first, last, result, pred);
}

template <typename Policy, typename In, typename Out, typename Pred>
tessera::dpl::enable_if_policy<Policy, Out> remove_copy_if(Policy&& policy, In first, In last, Out result, Pred pred) {
  return result + tessera::dpl::pack_to(policy, first, last, result, [=](auto in, std::size_t i) { return !pred(in[i]); });
}

template <typename Policy, typename It, typename Pred>
tessera::dpl::enable_if_policy<Policy, It> remove_if(Policy&& policy, It first, It last, Pred pred) {
  return first + tessera::dpl::pack_in_place(policy, first, last, [=](auto seq, std::size_t i) { return !pred(seq[i]); });
}
template <typename Policy, typename It, typename T>
tessera::dpl::enable_if_policy<Policy, It> remove(Policy&& policy, It first, It last, const T& value) {
  return oneapi::dpl::remove_if(policy, first, last, [value](const auto& x) { return x == value; });
}

// The first of each run of equal elements.
template <typename Policy, typename It, typename Pred>
tessera::dpl::enable_if_policy<Policy, It> unique(Policy&& policy, It first, It last, Pred pred) {
  return first + tessera::dpl::pack_in_place(policy, first, last,
                                             [=](auto seq, std::size_t i) { return i == 0 || !pred(seq[i - 1], seq[i]); });
}
template <typename Policy, typename It>
tessera::dpl::enable_if_policy<Policy, It> unique(Policy&& policy, It first, It last) {
  return oneapi::dpl::unique(policy, first, last, std::equal_to<>());
}
template <typename Policy, typename In, typename Out, typename Pred>
tessera::dpl::enable_if_policy<Policy, Out> unique_copy(Policy&& policy, In first, In last, Out result, Pred pred) {
  return result + tessera::dpl::pack_to(policy, first, last, result,
                                        [=](auto in, std::size_t i) { return i == 0 || !pred(in[i - 1], in[i]); });
}
template <typename Policy, typename In, typename Out>
tessera::dpl::enable_if_policy<Policy, Out> unique_copy(Policy&& policy, In first, In last, Out result) {
  return oneapi::dpl::unique_copy(policy, first, last, result, std::equal_to<>());
}

template <typename Policy, typename It, typename Pred>
tessera::dpl::enable_if_policy<Policy, It> stable_partition(Policy&& policy, It first, It last, Pred pred) {
  return first + tessera::dpl::partition_in_place(policy, first, last, pred);
}
// Stable, which a partition may be.
template <typename Policy, typename It, typename Pred>
tessera::dpl::enable_if_policy<Policy, It> partition(Policy&& policy, It first, It last, Pred pred) {
  return oneapi::dpl::stable_partition(policy, first, last, pred);
}

} // namespace oneapi::dpl
