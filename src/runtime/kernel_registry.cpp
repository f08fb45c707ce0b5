#include "tessera/runtime/kernel_registry.hpp"

#include <algorithm>
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

const kernel_record* register_kernel(const char* signature, bool for_gpu, const std::uint64_t* attribute_words) {
  registry& r = the_registry();
  std::string name = name_in(signature);
  std::lock_guard<std::mutex> lock(r.mutex);
  for (auto& k : r.records)
    if (k.name == name) {
      k.for_gpu = k.for_gpu || for_gpu;
      if (attribute_words) k.requirements = requirements_of(attribute_words);
      return &k;
    }
  r.records.push_back({std::move(name), for_gpu, requirements_of(attribute_words)});
  return &r.records.back();
}

kernel_requirements requirements_of(const std::uint64_t* words) {
  kernel_requirements out;
  for (; words && *words; words += 2 + words[1]) {
    const std::uint64_t* args = words + 2;
    const std::size_t count = words[1];
    switch (static_cast<kernel_attribute>(words[0])) {
    case kernel_attribute::reqd_work_group_size:
      if (count >= 1 && count <= 3) std::copy(args, args + count, out.work_group[count - 1].begin());
      break;
    case kernel_attribute::reqd_sub_group_size:
      if (count == 1) out.sub_group = static_cast<std::uint32_t>(args[0]);
      break;
    case kernel_attribute::device_has:
      for (std::size_t i = 0; i < count; ++i)
        if (std::find(out.aspects.begin(), out.aspects.end(), static_cast<int>(args[i])) == out.aspects.end())
          out.aspects.push_back(static_cast<int>(args[i]));
      break;
    case kernel_attribute::work_group_size_hint: // a hint: the choice of a work-group size is the program's
      break;
    }
  }
  return out;
}

std::vector<const kernel_record*> registered_kernels() {
  registry& r = the_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  std::vector<const kernel_record*> out;
  for (const auto& k : r.records) out.push_back(&k);
  return out;
}

} // namespace tessera::runtime
