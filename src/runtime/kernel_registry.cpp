#include "tessera/runtime/kernel_registry.hpp"

#include <cstring>
#include <deque>
#include <mutex>

namespace tessera::runtime {

namespace {
struct registry {
  std::mutex mutex;
  std::deque<kernel_record> records; // a deque: records never move
};
registry& the_registry() {
  static registry r;
  return r;
}

// g++ spells "... [with Name = Add]", clang "... [Name = Add]".
std::string name_in(const char* signature) {
  const char* start = std::strstr(signature, "Name = ");
  if (!start) return signature;
  start += std::strlen("Name = ");
  const char* end = signature + std::strlen(signature);
  if (end > start && end[-1] == ']') --end;
  return std::string(start, end);
}
} // namespace

const kernel_record* register_kernel(const char* signature, bool for_gpu) {
  registry& r = the_registry();
  std::string name = name_in(signature);
  std::lock_guard<std::mutex> lock(r.mutex);
  for (auto& k : r.records)
    if (k.name == name) {
      k.for_gpu = k.for_gpu || for_gpu;
      return &k;
    }
  r.records.push_back({std::move(name), for_gpu});
  return &r.records.back();
}

std::vector<const kernel_record*> registered_kernels() {
  registry& r = the_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  std::vector<const kernel_record*> out;
  for (const auto& k : r.records) out.push_back(&k);
  return out;
}

} // namespace tessera::runtime
