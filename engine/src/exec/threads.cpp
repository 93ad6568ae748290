// SPDX-License-Identifier: MIT
#include "exec/session_plan.h"

#include <quantscope/engine/openmp_policy.h>

#include <cstdlib>
#include <omp.h>
#if defined(__linux__)
#include <unistd.h>
#endif

namespace qs {

void setIntraOpThreads(int threads)
{
    // omp_set_num_threads sets the calling thread's ICV: oneDNN (built on OpenMP in Debian) and the kernels'
    // `#pragma omp parallel` regions both read it, so this one call governs all intra-op parallelism of a run.
    omp_set_num_threads(threads > 0 ? threads : 1);
}

void applyOpenMpWaitPolicy(char** argv)
{
#if defined(__linux__)
    if (std::getenv("OMP_WAIT_POLICY") || std::getenv("GOMP_SPINCOUNT"))
        return; // the user's choice, or the re-executed process
    if (setenv("GOMP_SPINCOUNT", "3000", 1) != 0)
        return;
    execv("/proc/self/exe", argv);
    unsetenv("GOMP_SPINCOUNT"); // exec failed: carry on with the library's default
#else
    (void)argv;
#endif
}

} // namespace qs
