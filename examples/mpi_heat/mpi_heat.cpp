// SYCL + MPI: seed 003's stencil (figure 14-16: each cell becomes the average of itself and its
// four neighbours) iterated as a 2-D heat solver on a plate whose top edge is held at 1 and whose
// other edges are held at 0. The rows are split among the ranks, one rank per device (rank i of a
// host takes its GPU i; without GPUs the ranks share the CPU's cores, each with a pool of the
// cores mpirun gave it), and each iteration exchanges one halo row with each neighbour.
//
// The halo rows go to MPI as device USM pointers where the MPI is CUDA-aware, or where the device
// is the CPU (its device memory is the host's); otherwise they are staged through pinned host
// memory. The first line printed says which. Each iteration computes the two edge rows first,
// then the interior; the exchange of the edges' values overlaps the interior kernel.
//
// Usage: mpirun -np R mpi_heat [n] [iterations] [--weak] [--stage] [--check]
//   n           cells per side of the plate (default 1024); with --weak, the plate is n*R rows
//               by n columns, n x n per rank
//   --stage     stage through host memory even where MPI could take device pointers
//   --check     print a fingerprint of the whole plate (gathered on rank 0), identical for any
//               number of ranks: the CTest test compares 2 ranks' with 1 rank's
#include <sycl/sycl.hpp>

#include <mpi.h>
#if __has_include(<mpi-ext.h>)
#include <mpi-ext.h> // Open MPI's MPIX_Query_cuda_support
#endif

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace {

// Whether this MPI accepts CUDA device pointers, asked of the library at run time (a program
// built against one Open MPI may run with another's library).
bool mpi_is_cuda_aware() {
#if defined(OMPI_HAVE_MPI_EXT_CUDA) && OMPI_HAVE_MPI_EXT_CUDA
  return MPIX_Query_cuda_support() == 1;
#elif defined(MPIX_GPU_SUPPORT_CUDA)
  int yes = 0;
  return MPIX_GPU_query_support(MPIX_GPU_SUPPORT_CUDA, &yes) == MPI_SUCCESS && yes;
#else
  return false;
#endif
}

struct options {
  std::size_t n = 1024;
  int iterations = 100;
  bool weak = false, stage = false, check = false;
};

options parse(int argc, char** argv) {
  options o;
  int positional = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--weak") o.weak = true;
    else if (a == "--stage") o.stage = true;
    else if (a == "--check") o.check = true;
    else if (positional++ == 0) o.n = std::strtoull(argv[i], nullptr, 10);
    else o.iterations = std::atoi(argv[i]);
  }
  return o;
}

// Rank i of this host takes the host's GPU i (mod their number) when the default device is a
// GPU; otherwise the CPU.
sycl::device device_for_rank(MPI_Comm comm) {
  MPI_Comm host;
  MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &host);
  int local = 0;
  MPI_Comm_rank(host, &local);
  MPI_Comm_free(&host);
  const sycl::device preferred;
  const auto gpus = sycl::device::get_devices(sycl::info::device_type::gpu);
  return preferred.is_gpu() ? gpus[static_cast<std::size_t>(local) % gpus.size()] : preferred;
}

// One rank's rows of the plate: rows [first, first + rows) of the n interior rows, with a halo
// row above and below and the fixed edge columns, in two device arrays that the iterations swap.
struct slab {
  std::size_t n, rows, first, width;
  float* cur;
  float* next;
  std::size_t at(std::size_t row, std::size_t col) const { return row * width + col; }
};

// next = stencil(cur) on local rows [from, from + count), every interior column.
sycl::event stencil_rows(sycl::queue& q, const slab& s, std::size_t from, std::size_t count, std::size_t stride) {
  const float* in = s.cur;
  float* out = s.next;
  const std::size_t w = s.width;
  return q.parallel_for(sycl::range<2>(count, s.n), [=](sycl::id<2> idx) {
    const std::size_t i = from + idx[0] * stride, j = idx[1] + 1;
    const float self = in[i * w + j], north = in[(i - 1) * w + j], east = in[i * w + j + 1],
                south = in[(i + 1) * w + j], west = in[i * w + j - 1];
    out[i * w + j] = (self + north + east + south + west) / 5.0f;
  });
}

// FNV-1a over the bits of the interior: equal plates, equal fingerprints.
std::uint64_t fingerprint(const std::vector<float>& plate) {
  std::uint64_t h = 1469598103934665603ull;
  for (float v : plate) {
    std::uint32_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    for (int b = 0; b < 4; ++b) h = (h ^ ((bits >> (8 * b)) & 0xff)) * 1099511628211ull;
  }
  return h;
}

} // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  const options opt = parse(argc, argv);
  const std::size_t total_rows = opt.weak ? opt.n * static_cast<std::size_t>(ranks) : opt.n;
  const std::size_t base = total_rows / ranks, extra = total_rows % ranks;
  slab s{opt.n, base + (static_cast<std::size_t>(rank) < extra), 0, opt.n + 2, nullptr, nullptr};
  s.first = rank * base + std::min<std::size_t>(rank, extra);
  if (s.rows < 2) {
    if (rank == 0) std::fprintf(stderr, "mpi_heat: each rank needs at least 2 rows (%zu rows, %d ranks)\n", total_rows, ranks);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }

  sycl::queue q(device_for_rank(MPI_COMM_WORLD), sycl::property::queue::in_order());
  const bool on_cpu = q.get_device().is_cpu();
  const bool cuda_aware = mpi_is_cuda_aware();
  const bool direct = !opt.stage && (on_cpu || cuda_aware);
  if (rank == 0)
    std::printf("mpi_heat: %d rank(s), %zu x %zu cells (%s), %d iterations; halo exchange: %s\n", ranks, total_rows,
                opt.n, opt.weak ? "weak: n x n per rank" : "strong", opt.iterations,
                direct ? (on_cpu ? "device pointers to MPI (the CPU device's memory is the host's)"
                                 : "device pointers to MPI (CUDA-aware MPI)")
                       : (opt.stage ? "staged through host memory (--stage)"
                                    : "staged through host memory (the MPI is not CUDA-aware)"));
  std::printf("  rank %d: rows %zu-%zu on %s (%u compute units)\n", rank, s.first, s.first + s.rows - 1,
              q.get_device().get_info<sycl::info::device::name>().c_str(),
              q.get_device().get_info<sycl::info::device::max_compute_units>());
  std::fflush(stdout);

  // Both arrays start cold with the fixed edges: the top halo row of rank 0 is the hot edge.
  const std::size_t cells = (s.rows + 2) * s.width;
  s.cur = sycl::malloc_device<float>(cells, q);
  s.next = sycl::malloc_device<float>(cells, q);
  if (!s.cur || !s.next) {
    std::fprintf(stderr, "mpi_heat: rank %d: %zu cells do not fit in the device's memory twice\n", rank, cells);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  q.memset(s.cur, 0, cells * sizeof(float));
  q.memset(s.next, 0, cells * sizeof(float));
  std::vector<float> hot(opt.n, 1.0f);
  if (rank == 0)
    for (float* a : {s.cur, s.next}) q.memcpy(a + s.at(0, 1), hot.data(), opt.n * sizeof(float));
  q.wait();
  const std::size_t row_bytes = opt.n * sizeof(float);
  float* staging = direct ? nullptr : sycl::malloc_host<float>(4 * opt.n, q); // send up, send down, receive x2
  const int up = rank > 0 ? rank - 1 : MPI_PROC_NULL, down = rank + 1 < ranks ? rank + 1 : MPI_PROC_NULL;

  const auto iterate = [&] {
    // The edge rows first (rows 1 and `rows`, stride rows - 1), then the interior.
    sycl::event edges = stencil_rows(q, s, 1, 2, s.rows - 1);
    float* first_row = s.next + s.at(1, 1);
    float* last_row = s.next + s.at(s.rows, 1);
    float* halo_above = s.next + s.at(0, 1);
    float* halo_below = s.next + s.at(s.rows + 1, 1);
    float *send_up = first_row, *send_down = last_row, *recv_above = halo_above, *recv_below = halo_below;
    sycl::event ready = edges;
    if (!direct) {
      send_up = staging, send_down = staging + opt.n, recv_above = staging + 2 * opt.n, recv_below = staging + 3 * opt.n;
      q.memcpy(send_up, first_row, row_bytes);
      ready = q.memcpy(send_down, last_row, row_bytes);
    }
    // Asking for its status now has the runtime mark where `ready` ends on the device's queue,
    // so that waiting for it below does not wait for the interior kernel enqueued after it.
    (void)ready.get_info<sycl::info::event::command_execution_status>();
    if (s.rows > 2) stencil_rows(q, s, 2, s.rows - 2, 1);
    ready.wait();
    MPI_Request req[4];
    MPI_Irecv(recv_above, static_cast<int>(opt.n), MPI_FLOAT, up, 0, MPI_COMM_WORLD, &req[0]);
    MPI_Irecv(recv_below, static_cast<int>(opt.n), MPI_FLOAT, down, 1, MPI_COMM_WORLD, &req[1]);
    MPI_Isend(send_up, static_cast<int>(opt.n), MPI_FLOAT, up, 1, MPI_COMM_WORLD, &req[2]);
    MPI_Isend(send_down, static_cast<int>(opt.n), MPI_FLOAT, down, 0, MPI_COMM_WORLD, &req[3]);
    MPI_Waitall(4, req, MPI_STATUSES_IGNORE);
    if (!direct) {
      if (up != MPI_PROC_NULL) q.memcpy(halo_above, recv_above, row_bytes);
      if (down != MPI_PROC_NULL) q.memcpy(halo_below, recv_below, row_bytes);
    }
    std::swap(s.cur, s.next);
  };

  // A few iterations first (the first launches, MPI's connections), then the timed ones; the
  // warm-up is part of the answer, so --check sees the same plate for any timing.
  const int warmup = std::min(opt.iterations, 5);
  for (int it = 0; it < warmup; ++it) iterate();
  q.wait();
  MPI_Barrier(MPI_COMM_WORLD);
  const double t0 = MPI_Wtime();
  for (int it = warmup; it < opt.iterations; ++it) iterate();
  q.wait();
  double seconds = MPI_Wtime() - t0, slowest = 0;
  MPI_Reduce(&seconds, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  const int timed = opt.iterations - warmup;
  if (rank == 0 && timed > 0)
    std::printf("time %.4f s for %d iterations: %.3f ms/iteration, %.1f Gcell/s\n", slowest, timed,
                1e3 * slowest / timed, static_cast<double>(total_rows) * opt.n * timed / slowest * 1e-9);

  if (opt.check) {
    std::vector<float> mine(s.rows * opt.n);
    for (std::size_t r = 0; r < s.rows; ++r) q.memcpy(&mine[r * opt.n], s.cur + s.at(r + 1, 1), row_bytes);
    q.wait();
    std::vector<int> counts(ranks), offsets(ranks);
    const int my_count = static_cast<int>(mine.size());
    MPI_Gather(&my_count, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    for (int r = 1; r < ranks; ++r) offsets[r] = offsets[r - 1] + counts[r - 1];
    std::vector<float> plate(rank == 0 ? total_rows * opt.n : 0);
    MPI_Gatherv(mine.data(), my_count, MPI_FLOAT, plate.data(), counts.data(), offsets.data(), MPI_FLOAT, 0,
                MPI_COMM_WORLD);
    if (rank == 0) {
      double heat = 0;
      for (float v : plate) heat += v;
      std::printf("fingerprint %016llx (total heat %.6f)\n", static_cast<unsigned long long>(fingerprint(plate)), heat);
    }
  }
  if (staging) sycl::free(staging, q);
  sycl::free(s.cur, q);
  sycl::free(s.next, q);
  MPI_Finalize();
  return 0;
}
