// SPDX-License-Identifier: MIT
// The OpenMP runtime functions the engine calls, with the C signatures the OpenMP specification gives them, for the
// fuzz sub-build: clang compiles the engine without -fopenmp there and links GNU OpenMP (libgomp, which Debian's
// oneDNN runs on), whose own omp.h uses GCC-only attributes and LLVM's comes with a package the build does not
// otherwise need. A function the engine starts to call and this list lacks fails that build with its name.
#pragma once

extern "C" {
void omp_set_num_threads(int);
int omp_get_max_threads(void);
int omp_get_num_threads(void);
int omp_get_thread_num(void);
int omp_in_parallel(void);
}
