// SPDX-License-Identifier: MIT
// ThreadPlacementScope (exec/thread_placement.h): during a run with one thread per CPU each OpenMP thread of the team
// is pinned to one CPU, no two to the same, the calling thread to the CPU it was on; afterwards the calling thread has
// its own CPU mask back. Read from the kernel (pthread_getaffinity_np, sched_getcpu), not from the scope's own
// bookkeeping.
#include "exec/thread_placement.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <omp.h>
#include <set>
#include <vector>
#if defined(__linux__)
#include <pthread.h>
#include <sched.h>
#endif

namespace {

#if defined(__linux__)

cpu_set_t callingThreadMask()
{
    cpu_set_t mask;
    CPU_ZERO(&mask);
    EXPECT_EQ(pthread_getaffinity_np(pthread_self(), sizeof mask, &mask), 0);
    return mask;
}

bool sameMask(const cpu_set_t& a, const cpu_set_t& b)
{
    return CPU_EQUAL(&a, &b);
}

bool userPlaced()
{
    return std::getenv("OMP_PROC_BIND") || std::getenv("OMP_PLACES") || std::getenv("GOMP_CPU_AFFINITY");
}

/// Each thread of a `threads`-thread region: the CPUs its mask allows and the CPU it ran on.
struct ThreadCpus
{
    std::vector<int> allowed; ///< CPU count of each thread's mask
    std::vector<int> single; ///< the one CPU of the mask where it has one, else -1
    std::vector<int> ranOn;
};

ThreadCpus teamCpus(int threads)
{
    ThreadCpus r { std::vector<int>(size_t(threads), 0), std::vector<int>(size_t(threads), -1),
        std::vector<int>(size_t(threads), -1) };
#pragma omp parallel num_threads(threads)
    {
        const auto t = size_t(omp_get_thread_num());
        cpu_set_t mask;
        CPU_ZERO(&mask);
        pthread_getaffinity_np(pthread_self(), sizeof mask, &mask);
        r.allowed[t] = CPU_COUNT(&mask);
        for (int c = 0; c < CPU_SETSIZE && r.allowed[t] == 1; ++c)
            if (CPU_ISSET(c, &mask))
                r.single[t] = c;
        r.ranOn[t] = sched_getcpu();
    }
    return r;
}

TEST(ThreadPlacement, EachThreadOfTheRunOnItsOwnCpuAndTheCallersMaskRestored)
{
    const cpu_set_t before = callingThreadMask();
    const int cpus = CPU_COUNT(&before);
    if (cpus < 2 || userPlaced())
        GTEST_SKIP() << "needs two CPUs and no user thread placement";
    {
        const int threads = cpus; // the run takes every CPU the calling thread may use
        {
            const qs::ThreadPlacementScope scope(threads, true);
            ASSERT_TRUE(scope.placed());
            // Two regions: the placement must hold for the run's later regions too (libgomp keeps the team).
            for (int region = 0; region < 2; ++region) {
                const ThreadCpus team = teamCpus(threads);
                std::set<int> distinct;
                for (int t = 0; t < threads; ++t) {
                    EXPECT_EQ(team.allowed[size_t(t)], 1) << threads << " threads, thread " << t;
                    EXPECT_TRUE(CPU_ISSET(team.single[size_t(t)], &before)) << "thread " << t << " outside the mask";
                    EXPECT_EQ(team.ranOn[size_t(t)], team.single[size_t(t)]) << "thread " << t;
                    distinct.insert(team.single[size_t(t)]);
                }
                EXPECT_EQ(int(distinct.size()), threads) << threads << " threads share a CPU";
            }
            // A nested run (a subgraph's) leaves the placement alone.
            const qs::ThreadPlacementScope nested(threads, true);
            EXPECT_FALSE(nested.placed());
        }
        EXPECT_TRUE(sameMask(before, callingThreadMask())) << "calling thread's mask not restored";
    }
}

TEST(ThreadPlacement, OneThreadOrOtherThanOneThreadPerCpuIsLeftAlone)
{
    const cpu_set_t before = callingThreadMask();
    const int cpus = CPU_COUNT(&before);
    for (const int threads : { 1, cpus - 1, cpus + 1 }) {
        const qs::ThreadPlacementScope scope(threads, true);
        EXPECT_FALSE(scope.placed()) << threads << " threads on " << cpus << " CPUs";
        EXPECT_TRUE(sameMask(before, callingThreadMask()));
    }
}

TEST(ThreadPlacement, NotRequestedIsLeftAlone)
{
    const cpu_set_t before = callingThreadMask();
    const qs::ThreadPlacementScope scope(CPU_COUNT(&before), false);
    EXPECT_FALSE(scope.placed());
    EXPECT_TRUE(sameMask(before, callingThreadMask()));
}

#endif

} // namespace
