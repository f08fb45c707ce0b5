#pragma once

namespace tessera::memory {

// Local accessors are captured by value in the kernel. A worker copies the kernel once per chunk of
// groups while this binding names its local-memory arena, and each local accessor's copy
// constructor resolves its offset against it; in the kernel an access is then a plain pointer.
inline thread_local char* local_arena_binding = nullptr;

// While the handler copies the kernel of the command it builds (sycl::handler's
// binding_placeholders), the flag that a local accessor copied outside a worker's binding sets:
// the kernel captures it. A local accessor that a single_task or a parallel_for(range) command
// merely made is no error; one that such a kernel captures is.
inline thread_local bool* local_capture_flag = nullptr;

class local_binding_scope {
public:
  explicit local_binding_scope(char* arena) : saved_(local_arena_binding) { local_arena_binding = arena; }
  ~local_binding_scope() { local_arena_binding = saved_; }
  local_binding_scope(const local_binding_scope&) = delete;
  local_binding_scope& operator=(const local_binding_scope&) = delete;

private:
  char* saved_;
};

} // namespace tessera::memory
