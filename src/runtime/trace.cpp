// TESSERA_TRACE=out.json: every command, the pool threads' share of it and the host's waits, written
// at exit in the Trace Event format that ui.perfetto.dev and chrome://tracing open.
#include "trace_recorder.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>

#include "queue_impl.hpp"
#include "tessera/runtime/device_impl.hpp"
#include "tessera/runtime/event_impl.hpp"
#include "tessera/runtime/kernel_registry.hpp"

namespace tessera::runtime::trace {

namespace {
const char* trace_path() {
  const char* p = std::getenv("TESSERA_TRACE");
  return p && *p ? p : nullptr;
}
} // namespace

bool enabled = trace_path() != nullptr;

namespace {

struct command_rec {
  std::shared_ptr<event_impl> ev; // kept until the file is written, for its times
  trace_tag tag;
  const device_impl* dev;
  std::uint64_t queue;
  std::vector<std::uint64_t> deps;
};
struct work_rec {
  std::uint64_t command;
  const char* pool;
  int worker;
  std::thread::id thread;
  std::uint64_t begin, end;
};
struct wait_rec {
  const char* what;
  std::thread::id thread;
  std::uint64_t begin, end;
};

// Process ids of the trace: 1 the host's threads, 2 + n the device n of all_devices().
constexpr int host_pid = 1;
// Thread ids within a device: a queue's commands on its number, pool threads from here on.
constexpr std::uint64_t worker_tid_base = 1000000;

class recorder {
public:
  static recorder& get() {
    static recorder* r = new recorder; // never destroyed: pool threads may record during exit
    return *r;
  }

  std::uint64_t add(command_rec c) {
    std::lock_guard lock(mutex_);
    arm();
    const std::uint64_t id = commands_.size() + 1;
    ids_[c.ev.get()] = id;
    commands_.push_back(std::move(c));
    return id;
  }
  std::uint64_t id_of(const event_impl* e) {
    std::lock_guard lock(mutex_);
    const auto it = ids_.find(e);
    return it == ids_.end() ? 0 : it->second;
  }
  void add(const work_rec& w) {
    std::lock_guard lock(mutex_);
    work_.push_back(w);
  }
  void add(const wait_rec& w) {
    std::lock_guard lock(mutex_);
    arm();
    waits_.push_back(w);
  }
  void write();

private:
  // Registered at the first record, after the backends have started: their own exit handlers
  // (CUDA's) run after this one, so GPU times can still be read.
  void arm() {
    if (armed_) return;
    armed_ = true;
    std::atexit([] { get().write(); });
  }
  // Each thread's chunks of a command, as one span: a pool thread stays in a job until no chunk
  // of it is left.
  std::vector<work_rec> merged_work() const {
    std::map<std::pair<std::uint64_t, std::thread::id>, work_rec> spans;
    for (const auto& w : work_) {
      const auto [it, added] = spans.try_emplace({w.command, w.thread}, w);
      if (!added) it->second.begin = std::min(it->second.begin, w.begin), it->second.end = std::max(it->second.end, w.end);
    }
    std::vector<work_rec> out;
    for (const auto& [key, w] : spans) out.push_back(w);
    return out;
  }
  int host_tid(std::thread::id t) {
    const auto it = host_tids_.try_emplace(t, static_cast<int>(host_tids_.size()) + 1).first;
    return it->second;
  }

  std::mutex mutex_;
  bool armed_ = false;
  std::vector<command_rec> commands_;
  std::unordered_map<const event_impl*, std::uint64_t> ids_;
  std::vector<work_rec> work_;
  std::vector<wait_rec> waits_;
  std::unordered_map<std::thread::id, int> host_tids_;
};

int device_pid(const device_impl* d) {
  const auto& all = all_devices();
  return 2 + static_cast<int>(std::find(all.begin(), all.end(), d) - all.begin());
}

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') out += '\\', out += c;
    else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else out += c;
  }
  return out + "\"";
}

std::string command_name(const command_rec& c) {
  if (c.tag.kernel) return c.tag.kernel->name;
  return c.tag.kind ? c.tag.kind : "command";
}

std::string range_text(const trace_tag& t) {
  const auto dims = [&](const std::size_t* r) {
    std::string s = "{";
    for (int d = 0; d < t.dims; ++d) s += (d ? "," : "") + std::to_string(r[d]);
    return s + "}";
  };
  if (t.dims == 0) return "";
  return t.local[0] ? dims(t.global) + " / " + dims(t.local) : dims(t.global);
}

class json_writer {
public:
  json_writer(std::FILE* f, std::uint64_t origin) : f_(f), origin_(origin) {}
  // One event; `rest` holds its other members, each followed by a comma.
  void event(const char* ph, const std::string& name, int pid, std::uint64_t tid, std::uint64_t ts_ns,
             const std::string& rest = "") {
    std::fprintf(f_, "%s\n{\"ph\":\"%s\",\"name\":%s,\"pid\":%d,\"tid\":%llu,%s\"ts\":%s}", first_ ? "" : ",", ph,
                 quoted(name).c_str(), pid, static_cast<unsigned long long>(tid), rest.c_str(), us(ts_ns).c_str());
    first_ = false;
  }
  std::string us(std::uint64_t ns) const {
    const std::uint64_t rel = ns > origin_ ? ns - origin_ : 0;
    char buf[32];
    std::snprintf(buf, sizeof buf, "%llu.%03llu", static_cast<unsigned long long>(rel / 1000),
                  static_cast<unsigned long long>(rel % 1000));
    return buf;
  }

private:
  std::FILE* f_;
  std::uint64_t origin_;
  bool first_ = true;
};

struct span {
  std::uint64_t start, end;
  bool done;
};

void recorder::write() {
  std::lock_guard lock(mutex_);
  std::FILE* f = std::fopen(trace_path(), "w");
  if (!f) {
    std::fprintf(stderr, "tessera: TESSERA_TRACE: cannot write %s\n", trace_path());
    return;
  }
  std::vector<span> spans;
  std::uint64_t origin = UINT64_MAX;
  for (const auto& c : commands_) {
    const bool done = c.ev->is_complete();
    const span_ns s = done ? run_span(*c.ev) : span_ns{c.ev->submit_ns, c.ev->submit_ns};
    spans.push_back({s.start, s.end, done});
    origin = std::min(origin, c.ev->submit_ns);
  }
  for (const auto& w : waits_) origin = std::min(origin, w.begin);
  json_writer out(f, origin == UINT64_MAX ? 0 : origin);
  std::fprintf(f, "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"producer\":\"Tessera\"},\"traceEvents\":[");

  // Track names: processes are the host and the devices, threads the queues and pool threads.
  out.event("M", "process_name", host_pid, 0, 0, "\"args\":{\"name\":\"host\"},");
  std::unordered_map<const device_impl*, bool> named_devices;
  std::unordered_map<std::uint64_t, bool> named_tracks;
  const auto name_track = [&](int pid, std::uint64_t tid, const std::string& name) {
    if (!named_tracks.emplace(std::uint64_t(pid) << 40 | tid, true).second) return;
    out.event("M", "thread_name", pid, tid, 0, "\"args\":{\"name\":" + quoted(name) + "},");
    out.event("M", "thread_sort_index", pid, tid, 0, "\"args\":{\"sort_index\":" + std::to_string(tid) + "},");
  };
  for (std::size_t i = 0; i < commands_.size(); ++i) {
    const auto& c = commands_[i];
    const int pid = device_pid(c.dev);
    if (named_devices.emplace(c.dev, true).second) {
      const std::string kind = c.dev->kind == device_kind::gpu ? "GPU" : "CPU";
      out.event("M", "process_name", pid, 0, 0, "\"args\":{\"name\":" + quoted(kind + ": " + c.dev->name) + "},");
    }
    const bool gpu = c.dev->kind == device_kind::gpu;
    name_track(pid, c.queue, (gpu ? "stream of queue " : "queue ") + std::to_string(c.queue));
    if (!spans[i].done) continue;
    std::string args = "\"cat\":" + quoted(c.tag.kind ? c.tag.kind : "command") + ",\"dur\":" +
                       out.us(origin + spans[i].end - spans[i].start) + ",\"args\":{\"command\":" +
                       std::to_string(i + 1) + ",\"queue\":" + std::to_string(c.queue) +
                       ",\"device\":" + quoted(c.dev->name) + ",\"submitted\":" + out.us(c.ev->submit_ns);
    if (c.tag.dims) args += ",\"range\":" + quoted(range_text(c.tag));
    out.event("X", command_name(c), pid, c.queue, spans[i].start, args + "},");
  }
  // Dependencies: an arrow from the end of each command waited for to the start of the waiter.
  std::uint64_t flow = 0;
  for (std::size_t i = 0; i < commands_.size(); ++i) {
    for (const std::uint64_t d : commands_[i].deps) {
      const auto& from = commands_[d - 1];
      if (!spans[i].done || !spans[d - 1].done) continue;
      const std::string id = "\"cat\":\"dependency\",\"id\":" + std::to_string(++flow) + ",";
      const std::uint64_t from_ts = std::max(spans[d - 1].start, spans[d - 1].end - (spans[d - 1].end > 0));
      out.event("s", "dependency", device_pid(from.dev), from.queue, from_ts, id);
      out.event("f", "dependency", device_pid(commands_[i].dev), commands_[i].queue, spans[i].start,
                id + "\"bp\":\"e\",");
    }
  }
  std::map<std::string, std::uint64_t> pools; // each pool's threads on tracks of their own
  for (const auto& w : merged_work()) {
    const auto& c = commands_[w.command - 1];
    int pid = device_pid(c.dev);
    const auto pool = pools.try_emplace(w.pool ? w.pool : "", pools.size()).first->second;
    std::uint64_t tid = worker_tid_base * (1 + pool) + static_cast<std::uint64_t>(w.worker);
    if (w.worker < 0) pid = host_pid, tid = static_cast<std::uint64_t>(host_tid(w.thread));
    name_track(pid, tid, w.worker < 0 ? "host thread " + std::to_string(tid)
                                      : std::string(w.pool) + " " + std::to_string(w.worker));
    out.event("X", command_name(c), pid, tid, w.begin,
              "\"cat\":\"work\",\"dur\":" + out.us(origin + w.end - w.begin) +
                  ",\"args\":{\"command\":" + std::to_string(w.command) + "},");
  }
  for (const auto& w : waits_) {
    const std::uint64_t tid = static_cast<std::uint64_t>(host_tid(w.thread));
    name_track(host_pid, tid, "host thread " + std::to_string(tid));
    out.event("X", w.what, host_pid, tid, w.begin, "\"cat\":\"wait\",\"dur\":" + out.us(origin + w.end - w.begin) + ",");
  }
  std::fprintf(f, "\n]}\n");
  std::fclose(f);
}

thread_local std::uint64_t starting = 0;

} // namespace

std::uint64_t record_command(const std::shared_ptr<event_impl>& ev, const trace_tag& tag, const device_impl& dev,
                             std::uint64_t queue, const std::vector<std::shared_ptr<event_impl>>& deps) {
  auto& r = recorder::get();
  command_rec c{ev, tag, &dev, queue, {}};
  for (const auto& d : deps)
    if (const std::uint64_t id = r.id_of(d.get())) c.deps.push_back(id);
  return r.add(std::move(c));
}

void record_wait(const char* what, std::uint64_t begin_ns, std::uint64_t end_ns) {
  recorder::get().add(wait_rec{what, std::this_thread::get_id(), begin_ns, end_ns});
}

void record_work(std::uint64_t command, const char* pool, int worker, std::uint64_t begin_ns, std::uint64_t end_ns) {
  recorder::get().add(work_rec{command, pool, worker, std::this_thread::get_id(), begin_ns, end_ns});
}

starting_command::starting_command(std::uint64_t id) : previous_(starting) { starting = id; }
starting_command::~starting_command() { starting = previous_; }
std::uint64_t current_command() noexcept { return starting; }

timed_wait::timed_wait(const char* what) : what_(what) {
  if (on()) begin_ = now_ns();
}
timed_wait::~timed_wait() {
  if (on()) record_wait(what_, begin_, now_ns());
}

} // namespace tessera::runtime::trace
