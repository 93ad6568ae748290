// SPDX-License-Identifier: MIT
#include "exec/thread_placement.h"

#include <cstdlib>
#include <cstring>
#include <omp.h>
#if defined(__linux__)
#include <pthread.h>
#include <sched.h>
#endif

namespace qs {

#if defined(__linux__)

namespace {

static_assert(sizeof(cpu_set_t) <= 128, "ThreadPlacementScope::m_savedMask holds a cpu_set_t");

/// A run of the calling thread is placed (nested runs leave it as it is).
thread_local bool t_placing = false;
/// The calling thread's CPU and team size the workers were last placed for: they stay pinned between runs.
thread_local int t_placedCpu = -1;
thread_local int t_placedThreads = 0;

/// The `index`-th CPU of `allowed` after `from` (cyclically, `from` excluded), or -1.
int nthOtherCpu(const cpu_set_t& allowed, int from, int index)
{
    for (int k = 1; k < CPU_SETSIZE; ++k) {
        const int cpu = (from + k) % CPU_SETSIZE;
        if (!CPU_ISSET(cpu, &allowed))
            continue;
        if (index-- == 0)
            return cpu;
    }
    return -1;
}

void pinCallingThread(int cpu)
{
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    pthread_setaffinity_np(pthread_self(), sizeof one, &one);
}

} // namespace

bool threadPlacementRequested() noexcept
{
    static const bool requested = [] {
        const char* pin = std::getenv("QS_PIN_THREADS");
        const bool userPlaces
            = std::getenv("OMP_PROC_BIND") || std::getenv("OMP_PLACES") || std::getenv("GOMP_CPU_AFFINITY");
        return pin && std::strcmp(pin, "1") == 0 && !userPlaces;
    }();
    return requested;
}

ThreadPlacementScope::ThreadPlacementScope(int threads, bool requested) noexcept
{
    if (!requested || threads <= 1 || t_placing || omp_in_parallel())
        return;
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    if (pthread_getaffinity_np(pthread_self(), sizeof allowed, &allowed) != 0 || CPU_COUNT(&allowed) != threads)
        return;
    const int cpu = sched_getcpu();
    if (cpu < 0 || !CPU_ISSET(cpu, &allowed))
        return;
    std::memcpy(m_savedMask, &allowed, sizeof allowed);
    pinCallingThread(cpu);
    if (t_placedCpu != cpu || t_placedThreads != threads) {
        // One region of the run's team size: libgomp keeps these threads for the run's regions (oneDNN's too).
#pragma omp parallel num_threads(threads)
        {
            const int t = omp_get_thread_num();
            if (t > 0)
                if (const int other = nthOtherCpu(allowed, cpu, t - 1); other >= 0)
                    pinCallingThread(other);
        }
        t_placedCpu = cpu;
        t_placedThreads = threads;
    }
    m_placed = true;
    t_placing = true;
}

ThreadPlacementScope::~ThreadPlacementScope()
{
    if (!m_placed)
        return;
    cpu_set_t saved;
    std::memcpy(&saved, m_savedMask, sizeof saved);
    pthread_setaffinity_np(pthread_self(), sizeof saved, &saved);
    t_placing = false;
}

#else

bool threadPlacementRequested() noexcept
{
    return false;
}
ThreadPlacementScope::ThreadPlacementScope(int, bool) noexcept { }
ThreadPlacementScope::~ThreadPlacementScope() = default;

#endif

} // namespace qs
