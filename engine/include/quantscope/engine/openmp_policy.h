// SPDX-License-Identifier: MIT
// How idle OpenMP threads wait, for programs that run sessions with more than one thread.
#pragma once

namespace qs {

/// libgomp (Debian's oneDNN runs on it) lets idle threads spin up to 300,000 iterations at every barrier before
/// sleeping. On a machine whose cores are busy with other work, a spinning thread burns the time slice the thread it
/// waits for needs: two-thread runs then take 3-60x longer than one thread. With a spin limit of 3,000 (~0.1 ms,
/// still far longer than the gap between two kernels of a run) idle threads yield to others under load and stay
/// responsive otherwise, as ONNX Runtime's thread pool does.
///
/// libgomp reads the setting once, when it is loaded, so this must run first thing in main(): unless the user chose
/// OMP_WAIT_POLICY or GOMP_SPINCOUNT, it sets GOMP_SPINCOUNT=3000 and re-executes the program (Linux; elsewhere, or if
/// re-executing fails, it returns and the program continues with the library's default).
void applyOpenMpWaitPolicy(char** argv);

} // namespace qs
