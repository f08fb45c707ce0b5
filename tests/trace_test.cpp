// tessera-test-labels: trace
// TESSERA_TRACE=file: a known program's timeline, read back with a JSON parser. The program runs
// in a child that GoogleTest starts afresh ("threadsafe" death tests re-execute the binary), so
// that the variable is there when the runtime reads it, before main.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sycl/sycl.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

namespace {

using json = nlohmann::json;

std::string trace_file(const char* test) { return testing::TempDir() + "tessera_trace_" + test + ".json"; }

// Producer writes a buffer, Consumer (an nd_range kernel with a barrier) reads it: the buffer
// orders them. Then a USM memcpy, a host task, and a wait.
void known_program(const sycl::device& d) {
  sycl::queue q(d);
  constexpr std::size_t n = 4096;
  sycl::buffer<int> b{sycl::range<1>(n)};
  q.submit([&](sycl::handler& h) {
    sycl::accessor a(b, h, sycl::write_only);
    h.parallel_for<class Producer>(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = static_cast<int>(i[0]); });
  });
  int* out = sycl::malloc_shared<int>(n, q);
  q.submit([&](sycl::handler& h) {
    sycl::accessor a(b, h, sycl::read_only);
    sycl::local_accessor<int> tile(sycl::range<1>(64), h);
    h.parallel_for<class Consumer>(sycl::nd_range<1>(n, 64), [=](sycl::nd_item<1> it) {
      tile[it.get_local_id(0)] = a[it.get_global_id()];
      sycl::group_barrier(it.get_group());
      out[it.get_global_id(0)] = tile[63 - it.get_local_id(0)];
    });
  });
  q.wait();
  std::vector<int> host(n);
  q.memcpy(host.data(), out, n * sizeof(int)).wait();
  q.submit([&](sycl::handler& h) { h.host_task([] {}); });
  q.wait();
  sycl::free(out, q);
  if (host[0] != 63) std::exit(3);
}

// Producer's buffer orders Consumer after it, though Producer has completed by Consumer's submission.
void completed_before_the_next(const sycl::device& d) {
  sycl::queue q(d);
  sycl::buffer<int> b{sycl::range<1>(64)};
  q.submit([&](sycl::handler& h) {
     sycl::accessor a(b, h, sycl::write_only);
     h.parallel_for<class Producer>(sycl::range<1>(64), [=](sycl::id<1> i) { a[i] = 1; });
   }).wait();
  q.submit([&](sycl::handler& h) {
    sycl::accessor a(b, h, sycl::read_write);
    h.parallel_for<class Consumer>(sycl::range<1>(64), [=](sycl::id<1> i) { a[i] += 1; });
  });
  q.wait();
}

// Runs `program` on the CPU or the GPU in a child with TESSERA_TRACE=path; returns the parsed trace.
json traced_run(const std::string& path, bool gpu, void (*program)(const sycl::device&) = known_program) {
  std::remove(path.c_str());
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  setenv("TESSERA_TRACE", path.c_str(), 1);
  EXPECT_EXIT(
      {
        program(gpu ? sycl::device(sycl::gpu_selector_v) : sycl::device(sycl::cpu_selector_v));
        std::exit(0);
      },
      testing::ExitedWithCode(0), "");
  unsetenv("TESSERA_TRACE");
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << "no trace written to " << path;
  if (!in.good()) return json::object();
  return json::parse(in); // throws, failing the test, if the file is not JSON
}

std::vector<json> events(const json& trace, const std::string& ph, const std::string& cat = "") {
  std::vector<json> out;
  for (const auto& e : trace.at("traceEvents"))
    if (e.at("ph") == ph && (cat.empty() || e.value("cat", "") == cat)) out.push_back(e);
  return out;
}

const json* named(const std::vector<json>& es, const std::string& part) {
  for (const auto& e : es)
    if (e.at("name").get<std::string>().find(part) != std::string::npos) return &e;
  return nullptr;
}

double end_of(const json& e) { return e.at("ts").get<double>() + e.at("dur").get<double>(); }

// The arrow leaves Producer's track at its end and arrives on Consumer's at its start.
void expect_arrow(const json& trace, const json& producer, const json& consumer) {
  bool arrow = false;
  for (const auto& s : events(trace, "s", "dependency"))
    for (const auto& f : events(trace, "f", "dependency"))
      if (s.at("id") == f.at("id") && s.at("tid") == producer.at("tid") && f.at("ts") == consumer.at("ts") &&
          s.at("ts").get<double>() <= end_of(producer) && s.at("ts").get<double>() >= producer.at("ts").get<double>())
        arrow = true;
  EXPECT_TRUE(arrow) << "no dependency arrow from Producer to Consumer in\n" << trace.dump(1);
}

// Checks what every device shows: the commands by name and kind, in order, with the buffer's
// dependency as an arrow from Producer to Consumer, and the host's waits.
void check_commands(const json& trace) {
  const auto kernels = events(trace, "X", "kernel");
  const json* producer = named(kernels, "Producer");
  const json* consumer = named(kernels, "Consumer");
  ASSERT_NE(producer, nullptr) << trace.dump(1);
  ASSERT_NE(consumer, nullptr);
  EXPECT_EQ(consumer->at("args").at("range"), "{4096} / {64}");
  EXPECT_EQ(producer->at("args").at("range"), "{4096}");
  EXPECT_LE(end_of(*producer), consumer->at("ts").get<double>());
  EXPECT_NE(named(events(trace, "X", "memcpy"), "memcpy"), nullptr);
  EXPECT_NE(named(events(trace, "X", "host_task"), "host_task"), nullptr);
  EXPECT_NE(named(events(trace, "X", "wait"), "queue::wait"), nullptr);
  EXPECT_NE(named(events(trace, "X", "wait"), "event::wait"), nullptr);

  expect_arrow(trace, *producer, *consumer);
}

TEST(Trace, CpuCommandsWorkersAndWaits) {
  const std::string path = trace_file("cpu");
  const json trace = traced_run(path, false);
  ASSERT_TRUE(trace.contains("traceEvents"));
  check_commands(trace);

  // The pool threads' share of Consumer lies inside Consumer, on tracks named after them.
  const auto kernels = events(trace, "X", "kernel");
  const json* consumer = named(kernels, "Consumer");
  ASSERT_NE(consumer, nullptr);
  std::size_t shares = 0;
  for (const auto& w : events(trace, "X", "work")) {
    if (w.at("args").at("command") != consumer->at("args").at("command")) continue;
    ++shares;
    EXPECT_EQ(w.at("pid"), consumer->at("pid"));
    EXPECT_GE(w.at("ts").get<double>(), consumer->at("ts").get<double>());
    EXPECT_LE(end_of(w), end_of(*consumer) + 0.001);
  }
  EXPECT_GE(shares, 1u);
  bool worker_track = false, cpu_process = false;
  for (const auto& m : events(trace, "M")) {
    const std::string name = m.at("args").value("name", "");
    if (m.at("name") == "thread_name" && name.rfind("worker ", 0) == 0) worker_track = true;
    if (m.at("name") == "process_name" && name.rfind("CPU: ", 0) == 0) cpu_process = true;
  }
  EXPECT_TRUE(worker_track);
  EXPECT_TRUE(cpu_process);
  std::remove(path.c_str());
}

TEST(Trace, GpuCommandsFromCudaEvents) {
  if (sycl::device::get_devices(sycl::info::device_type::gpu).empty()) GTEST_SKIP() << "no GPU";
  const std::string path = trace_file("gpu");
  const json trace = traced_run(path, true);
  ASSERT_TRUE(trace.contains("traceEvents"));
  check_commands(trace);
  const auto kernels = events(trace, "X", "kernel");
  const json* consumer = named(kernels, "Consumer");
  ASSERT_NE(consumer, nullptr);
  EXPECT_GT(consumer->at("dur").get<double>(), 0.0);
  std::remove(path.c_str());
}

// The buffer's order is drawn even where Producer completed before Consumer was submitted, as a
// small GPU kernel has by the next submission.
TEST(Trace, ArrowToACommandThatCompletedBeforeTheNextWasSubmitted) {
  const std::string path = trace_file("completed");
  const json trace = traced_run(path, false, completed_before_the_next);
  ASSERT_TRUE(trace.contains("traceEvents"));
  const auto kernels = events(trace, "X", "kernel");
  const json* producer = named(kernels, "Producer");
  const json* consumer = named(kernels, "Consumer");
  ASSERT_NE(producer, nullptr) << trace.dump(1);
  ASSERT_NE(consumer, nullptr);
  expect_arrow(trace, *producer, *consumer);
  std::remove(path.c_str());
}

// A trace that cannot be written is reported, and costs the program nothing else.
TEST(Trace, UnwritableFileIsReported) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  setenv("TESSERA_TRACE", "/nonexistent-dir/trace.json", 1);
  EXPECT_EXIT(
      {
        known_program(sycl::device(sycl::cpu_selector_v));
        std::exit(0);
      },
      testing::ExitedWithCode(0), "TESSERA_TRACE: cannot write /nonexistent-dir/trace.json");
  unsetenv("TESSERA_TRACE");
}

} // namespace
