// SPDX-License-Identifier: MIT
// Keeps a run's intra-op threads on distinct CPUs while it runs (Linux).
#pragma once

namespace qs {

/// Whether the user asked for the placement below: QS_PIN_THREADS=1 and none of OMP_PROC_BIND, OMP_PLACES,
/// GOMP_CPU_AFFINITY (read once per process).
bool threadPlacementRequested() noexcept;

/// Where requested (opt-in), for the lifetime of the scope (one Session run) of as many threads as the calling thread
/// may use CPUs, pins the calling thread to the CPU it is on and OpenMP thread t (t >= 1) of the team to the t-th other
/// CPU of its allowed set, so that no two of the run's threads share a CPU; restores the calling thread's own CPU mask
/// at the end. The
/// workers keep their CPU between runs and are moved only when the calling thread starts a run on another CPU. With
/// fewer threads than CPUs the scheduler has free CPUs to choose from and the threads are left to it.
///
/// Why: libgomp's workers sleep on a futex once their spin runs out (the CLI's GOMP_SPINCOUNT=3000, ~0.1 ms,
/// openmp_policy.h), and Linux wakes a sleeper on the waker's CPU when the other CPUs are busy (with another
/// process, even a niced one). On a 2-vCPU machine the worker and the calling thread then share one CPU: every
/// parallel region waits until the thread that runs gives the CPU up, after its whole spin. Measured on a loaded
/// 2-vCPU AMD Zen 5 VM: an empty parallel region took 60-120 us unbound and 2.5-3.5 us pinned, the same as with
/// libgomp's default spin (bench/archive/2026-11-29-int8-qdq-two-threads-zen5.md). The int8 models, with ~50-85
/// regions in 1-3 ms, lose most to this.
///
/// Why opt-in: on the same VM when quiet, run medians with and without it were equal within 5 % (either way) at two
/// threads on every model tried, and under load it helped the low percentiles everywhere but made MobileNetV3's
/// medians worse, since a pinned worker cannot leave a CPU another process holds. Not requested, or for one thread,
/// inside a parallel region or a run already placed (subgraphs), or where the calling thread may run on more or fewer
/// CPUs than `threads`, it does nothing.
class ThreadPlacementScope
{
public:
    explicit ThreadPlacementScope(int threads, bool requested = threadPlacementRequested()) noexcept;
    ~ThreadPlacementScope();
    ThreadPlacementScope(const ThreadPlacementScope&) = delete;
    ThreadPlacementScope& operator=(const ThreadPlacementScope&) = delete;

    /// True when this scope pinned the run's threads.
    bool placed() const noexcept { return m_placed; }

private:
    bool m_placed = false;
    alignas(8) unsigned char m_savedMask[128] = {}; ///< the calling thread's cpu_set_t before the run
};

} // namespace qs
