// A C++ AMP program as written for MSVC: <cstring> before <amp.h>, and index<2> unqualified after
// `using namespace concurrency;`, which POSIX's index() (<strings.h>) must not make ambiguous, on
// the CPU or with `tessera++ --cuda` (clang's CUDA mode reads <strings.h> before anything else).
#include <cstring>

#include <amp.h>
#include <iostream>
#include <vector>

using namespace concurrency;

int main() {
  const int rows = 8, cols = 16;
  std::vector<int> data(rows * cols);
  array_view<int, 2> av(rows, cols, data);
  parallel_for_each(av.extent, [=](index<2> idx) restrict(amp) { av[idx] = idx[0] * 100 + idx[1]; });
  av.synchronize();

  index<2> probe(3, 5);
  std::vector<int> expected(rows * cols);
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) expected[i * cols + j] = i * 100 + j;
  const bool ok = std::memcmp(data.data(), expected.data(), data.size() * sizeof(int)) == 0 &&
                  av[probe] == 305;
  std::cout << "C++ AMP index<2> after using namespace concurrency: " << (ok ? "PASS" : "FAIL") << "\n";
  return ok ? 0 : 1;
}
