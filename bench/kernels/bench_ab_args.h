// SPDX-License-Identifier: MIT
// The command line, clock and alternating timing loop shared by the in-process A/B layer benches (bench_int8_depthwise,
// bench_int8_pointwise): at one thread they time thread CPU time, which the VM's other jobs do not inflate; with more
// threads wall time.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <ctime>

namespace qs::bench {

struct AbArgs
{
    int runs = 200;
    int threads = 1;
    bool threadCpu() const { return threads == 1; }
};

/// `--runs N` and `--threads N`, in any order; anything else is ignored.
inline AbArgs parseAbArgs(int argc, char** argv)
{
    AbArgs a;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--runs"))
            a.runs = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--threads"))
            a.threads = std::atoi(argv[i + 1]);
    }
    return a;
}

/// Microseconds: the calling thread's CPU time, or the steady clock.
inline double nowMicros(bool threadCpu)
{
    if (!threadCpu)
        return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now().time_since_epoch()).count();
    timespec t {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return 1e6 * double(t.tv_sec) + 1e-3 * double(t.tv_nsec);
}

/// Runs `run(0)` and `run(1)` alternately `runs` times each and keeps each side's fastest time in `best` (microseconds,
/// at least 1e-3 so that rates derived from it stay finite). False as soon as a run fails.
template <typename Run> bool alternateBest(int runs, bool threadCpu, Run&& run, double (&best)[2])
{
    best[0] = best[1] = 1e30;
    for (int r = 0; r < runs; ++r)
        for (int k = 0; k < 2; ++k) {
            const double t0 = nowMicros(threadCpu);
            if (!run(k))
                return false;
            best[k] = std::max(std::min(best[k], nowMicros(threadCpu) - t0), 1e-3);
        }
    return true;
}

} // namespace qs::bench
