#pragma once
// Many host threads submitting small command groups at once, to one shared queue or to one
// queue each: every thread runs its own chain of five commands a round, ordered through a
// buffer (a kernel and a host task that both access it) and through USM depends_on events (a
// kernel, a memcpy, a host task), and checks every value against the same chain run on the host.
// Shared by tests/load_test.cpp and the commands-per-second row of tessera-bench.
#include <sycl/sycl.hpp>

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace tessera_load {

constexpr std::size_t width = 16;           // elements of each thread's buffer and USM arrays
constexpr int commands_per_round = 5;

struct outcome {
  int commands = 0;
  double seconds = 0;
  std::string mismatch; // empty: every value matched
};

// What the chain of thread `t` leaves after `rounds` rounds, computed on the host.
inline void expected(int t, int rounds, std::vector<std::uint32_t>& buf, std::vector<std::uint32_t>& usm) {
  buf.assign(width, static_cast<std::uint32_t>(t));
  usm.resize(width);
  for (std::size_t i = 0; i < width; ++i) usm[i] = static_cast<std::uint32_t>(i + 100 * t);
  std::vector<std::uint32_t> scratch(width);
  for (int k = 0; k < rounds; ++k) {
    const auto uk = static_cast<std::uint32_t>(k);
    for (auto& v : buf) v = v * 2u + uk;
    for (std::size_t i = 0; i < width; ++i) usm[i] = usm[i] * 3u + uk + static_cast<std::uint32_t>(i);
    for (auto& v : buf) v ^= uk * 7u;
    scratch = usm;
    for (std::size_t i = 0; i < width; ++i) usm[i] += scratch[(i + 1) % width] & 0xffu;
  }
}

// Runs thread `t`'s chain on `q`; returns "" or a description of the first wrong value.
inline std::string chain(sycl::queue& q, int t, int rounds) {
  std::vector<std::uint32_t> host(width, static_cast<std::uint32_t>(t));
  auto* u = sycl::malloc_shared<std::uint32_t>(width, q);
  auto* s = sycl::malloc_shared<std::uint32_t>(width, q);
  for (std::size_t i = 0; i < width; ++i) u[i] = static_cast<std::uint32_t>(i + 100 * t);
  {
    sycl::buffer<std::uint32_t> b(host.data(), sycl::range<1>(width));
    sycl::event last;
    for (int k = 0; k < rounds; ++k) {
      const auto uk = static_cast<std::uint32_t>(k);
      q.submit([&](sycl::handler& h) {
        sycl::accessor a{b, h};
        h.parallel_for(sycl::range<1>(width), [=](sycl::id<1> i) { a[i] = a[i] * 2u + uk; });
      });
      last = q.submit([&](sycl::handler& h) {
        h.depends_on(last);
        h.parallel_for(sycl::range<1>(width),
                       [=](sycl::id<1> i) { u[i] = u[i] * 3u + uk + static_cast<std::uint32_t>(i[0]); });
      });
      q.submit([&](sycl::handler& h) {
        sycl::accessor a{b, h};
        h.host_task([=] {
          for (std::size_t i = 0; i < width; ++i) a[i] ^= uk * 7u;
        });
      });
      last = q.memcpy(s, u, width * sizeof(std::uint32_t), last);
      last = q.submit([&](sycl::handler& h) {
        h.depends_on(last);
        h.host_task([=] {
          for (std::size_t i = 0; i < width; ++i) u[i] += s[(i + 1) % width] & 0xffu;
        });
      });
    }
    last.wait();
  } // the buffer writes back to `host`
  std::vector<std::uint32_t> want_buf, want_usm;
  expected(t, rounds, want_buf, want_usm);
  std::string mismatch;
  for (std::size_t i = 0; i < width && mismatch.empty(); ++i) {
    if (host[i] != want_buf[i])
      mismatch = "thread " + std::to_string(t) + " buffer[" + std::to_string(i) + "] = " + std::to_string(host[i]) +
                 ", expected " + std::to_string(want_buf[i]);
    else if (u[i] != want_usm[i])
      mismatch = "thread " + std::to_string(t) + " usm[" + std::to_string(i) + "] = " + std::to_string(u[i]) +
                 ", expected " + std::to_string(want_usm[i]);
  }
  sycl::free(u, q);
  sycl::free(s, q);
  return mismatch;
}

// `threads` host threads submit about `commands` command groups in all.
inline outcome run(int threads, int commands, bool queue_per_thread, const sycl::async_handler& handler = {}) {
  const int rounds = commands / (threads * commands_per_round);
  auto shared = std::make_unique<sycl::queue>(handler);
  std::vector<std::string> mismatch(threads);
  const auto t0 = std::chrono::steady_clock::now();
  {
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
      pool.emplace_back([&, t] {
        if (!queue_per_thread) return void(mismatch[t] = chain(*shared, t, rounds));
        sycl::queue own{handler};
        mismatch[t] = chain(own, t, rounds);
      });
    for (auto& th : pool) th.join();
  }
  shared->wait_and_throw();
  outcome o;
  o.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  o.commands = rounds * threads * commands_per_round;
  for (auto& m : mismatch)
    if (o.mismatch.empty()) o.mismatch = m;
  return o;
}

} // namespace tessera_load
