#pragma once
#include <chrono>
#include <cstdlib>
#include <thread>

// libgomp's threads keep spinning after a parallel region (GOMP_SPINCOUNT: 300,000 polls by default
// with OMP_WAIT_POLICY unset, milliseconds) before they sleep. Timed right after an OpenMP region,
// the other side shares every core with that spinning team: on 16 cores Tessera's oneDPL transform
// measured 1.27-1.65x OpenMP's time so, and 1.02x with OMP_WAIT_POLICY=passive, where OpenMP's own
// time did not change. Benchmarks that alternate the two sides wait the team out first.
inline void let_openmp_team_sleep() { std::this_thread::sleep_for(std::chrono::milliseconds(30)); }

// clang's runtime (libomp) spins for KMP_BLOCKTIME, 200 ms by default, far past that wait: on 16
// cores Tessera's oneDPL reduce then measured 12x OpenMP's time, and 0.89-1.04x with the block time
// at 1 ms, which still spins through a region's own barriers (docs/performance.md, session 12).
// Called first in main, before the runtime reads its environment; libgomp ignores the variable.
inline void bound_openmp_spin() { setenv("KMP_BLOCKTIME", "1", /*overwrite=*/0); }
