#pragma once
#include <cstddef>
#include <functional>
#include <type_traits>

#include "tessera/ext/dpl/access.hpp"
#include "tessera/ext/dpl/run.hpp"

// The map family: every output element depends on its own input elements only.
namespace oneapi::dpl {

template <typename Policy, typename It, typename F>
tessera::dpl::enable_if_policy<Policy> for_each(Policy&& policy, It first, It last, F f) {
  const std::size_t n = tessera::dpl::size_of(first, last);
  tessera::dpl::run(policy, [&](const auto& exec, auto& session) {
    auto in = tessera::dpl::bind(first, session, n);
    exec.for_each_index(n, [=](std::size_t i) { f(in[i]); });
  });
}

template <typename Policy, typename It, typename Size, typename F>
tessera::dpl::enable_if_policy<Policy, It> for_each_n(Policy&& policy, It first, Size count, F f) {
  const auto n = count > 0 ? count : Size(0);
  oneapi::dpl::for_each(policy, first, first + n, f);
  return first + n;
}

template <typename Policy, typename In, typename Out, typename F>
tessera::dpl::enable_if_policy<Policy, Out> transform(Policy&& policy, In first, In last, Out result, F op) {
  const std::size_t n = tessera::dpl::size_of(first, last);
  tessera::dpl::run(policy, [&](const auto& exec, auto& session) {
    auto in = tessera::dpl::bind(first, session, n);
    auto out = tessera::dpl::bind(result, session, n);
    const auto read = tessera::dpl::read_mapped(in, op);
    exec.map(n, read, tessera::dpl::write_as<std::decay_t<decltype(read(std::size_t{}))>>(out));
  });
  return result + n;
}

template <typename Policy, typename In1, typename In2, typename Out, typename F>
tessera::dpl::enable_if_policy<Policy, Out> transform(Policy&& policy, In1 first1, In1 last1, In2 first2, Out result,
                                                      F op) {
  const std::size_t n = tessera::dpl::size_of(first1, last1);
  tessera::dpl::run(policy, [&](const auto& exec, auto& session) {
    auto a = tessera::dpl::bind(first1, session, n);
    auto b = tessera::dpl::bind(first2, session, n);
    auto out = tessera::dpl::bind(result, session, n);
    exec.map(n, [=](std::size_t i) { return op(a[i], b[i]); }, [=](std::size_t i, const auto& x) { out[i] = x; });
  });
  return result + n;
}

template <typename Policy, typename It, typename T>
tessera::dpl::enable_if_policy<Policy> fill(Policy&& policy, It first, It last, const T& value) {
  const std::size_t n = tessera::dpl::size_of(first, last);
  tessera::dpl::run(policy, [&](const auto& exec, auto& session) {
    auto out = tessera::dpl::bind(first, session, n);
    exec.for_each_index(n, [=](std::size_t i) { out[i] = value; });
  });
}

template <typename Policy, typename It, typename Size, typename T>
tessera::dpl::enable_if_policy<Policy, It> fill_n(Policy&& policy, It first, Size count, const T& value) {
  const auto n = count > 0 ? count : Size(0);
  oneapi::dpl::fill(policy, first, first + n, value);
  return first + n;
}

template <typename Policy, typename In, typename Out>
tessera::dpl::enable_if_policy<Policy, Out> copy(Policy&& policy, In first, In last, Out result) {
  const std::size_t n = tessera::dpl::size_of(first, last);
  tessera::dpl::run(policy, [&](const auto& exec, auto& session) {
    auto in = tessera::dpl::bind(first, session, n);
    auto out = tessera::dpl::bind(result, session, n);
    using T = tessera::dpl::value_t<In>;
    exec.map(n, tessera::dpl::read_as<T>(in), tessera::dpl::write_as<T>(out));
  });
  return result + n;
}

template <typename Policy, typename In, typename Size, typename Out>
tessera::dpl::enable_if_policy<Policy, Out> copy_n(Policy&& policy, In first, Size count, Out result) {
  const auto n = count > 0 ? count : Size(0);
  return oneapi::dpl::copy(policy, first, first + n, result);
}

// value, value + 1, ... (oneDPL's extension: std::iota has no policy overload).
template <typename Policy, typename It, typename T>
tessera::dpl::enable_if_policy<Policy> iota(Policy&& policy, It first, It last, T value) {
  const std::size_t n = tessera::dpl::size_of(first, last);
  tessera::dpl::run(policy, [&](const auto& exec, auto& session) {
    auto out = tessera::dpl::bind(first, session, n);
    exec.for_each_index(n, [=](std::size_t i) { out[i] = static_cast<T>(value + static_cast<T>(i)); });
  });
}

template <typename Policy, typename It>
tessera::dpl::enable_if_policy<Policy> reverse(Policy&& policy, It first, It last) {
  const std::size_t n = tessera::dpl::size_of(first, last);
  tessera::dpl::run(policy, [&](const auto& exec, auto& session) {
    auto seq = tessera::dpl::bind(first, session, n);
    exec.for_each_index(n / 2, [=](std::size_t i) {
      tessera::dpl::value_t<It> x = seq[i];
      seq[i] = seq[n - 1 - i];
      seq[n - 1 - i] = x;
    });
  });
}

template <typename Policy, typename In, typename Out>
tessera::dpl::enable_if_policy<Policy, Out> reverse_copy(Policy&& policy, In first, In last, Out result) {
  const std::size_t n = tessera::dpl::size_of(first, last);
  tessera::dpl::run(policy, [&](const auto& exec, auto& session) {
    auto in = tessera::dpl::bind(first, session, n);
    auto out = tessera::dpl::bind(result, session, n);
    exec.for_each_index(n, [=](std::size_t i) { out[i] = in[n - 1 - i]; });
  });
  return result + n;
}

// out[0] = in[0], out[i] = op(in[i], in[i - 1]); the ranges must not overlap (as for std::).
template <typename Policy, typename In, typename Out, typename Op>
tessera::dpl::enable_if_policy<Policy, Out> adjacent_difference(Policy&& policy, In first, In last, Out result, Op op) {
  const std::size_t n = tessera::dpl::size_of(first, last);
  tessera::dpl::run(policy, [&](const auto& exec, auto& session) {
    auto in = tessera::dpl::bind(first, session, n);
    auto out = tessera::dpl::bind(result, session, n);
    exec.for_each_index(n, [=](std::size_t i) {
      if (i == 0) out[0] = in[0];
      else out[i] = op(in[i], in[i - 1]);
    });
  });
  return result + n;
}

template <typename Policy, typename In, typename Out>
tessera::dpl::enable_if_policy<Policy, Out> adjacent_difference(Policy&& policy, In first, In last, Out result) {
  return oneapi::dpl::adjacent_difference(policy, first, last, result, std::minus<>());
}

} // namespace oneapi::dpl
