// SPDX-License-Identifier: MIT
#include "exec/session_plan.h"

#include <omp.h>

namespace qs {

void setIntraOpThreads(int threads)
{
    // omp_set_num_threads sets the calling thread's ICV: oneDNN (built on OpenMP in Debian) and the kernels'
    // `#pragma omp parallel` regions both read it, so this one call governs all intra-op parallelism of a run.
    omp_set_num_threads(threads > 0 ? threads : 1);
}

} // namespace qs
