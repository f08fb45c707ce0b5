// Every public header in one translation unit: compiled with -fsyntax-only as C++17 and C++20, with
// the build's compiler and, where installed, the other of g++ and clang++ (tests/CMakeLists.txt).
#include <amp.h>
#include <amp_math.h>
#include <CL/sycl.hpp>
#include <oneapi/dpl/algorithm>
#include <oneapi/dpl/execution>
#include <oneapi/dpl/functional>
#include <oneapi/dpl/iterator>
#include <oneapi/dpl/numeric>
#include <sycl/sycl.hpp>
#include <sycl/ext/oneapi/group_load_store.hpp>
#include <sycl/ext/oneapi/experimental/group_load_store.hpp>
#include <sycl/ext/oneapi/experimental/root_group.hpp>
#include <sycl/ext/oneapi/experimental/cuda/builtins.hpp>
#include <sycl/ext/oneapi/group_local_memory.hpp>

#include <type_traits>

static_assert(std::is_same_v<cl::sycl::queue, sycl::queue>, "<CL/sycl.hpp> names SYCL as ::cl::sycl too");

int main() { return 0; }
