// SPDX-License-Identifier: MIT
// QS_CLONES: compile a loop twice, for AVX2 and the baseline x86-64, and pick one when the program loads. The int8
// epilogues use it so that the default build (-march=x86-64, SSE2) still runs them with AVX2 where the CPU has it.
#pragma once

// The pick is an ifunc resolver that the dynamic loader calls before any constructor runs. ThreadSanitizer
// instruments that resolver too, and the instrumented resolver crashes (SIGSEGV at load) because TSan's runtime is
// not started yet; TSan builds therefore compile the baseline version only. So does clang (the fuzz sub-build):
// clang 14 refuses target_clones on function templates.
#if defined(__SANITIZE_THREAD__) || defined(__clang__)
#define QS_CLONES
#else
#define QS_CLONES __attribute__((target_clones("avx2", "default")))
#endif
