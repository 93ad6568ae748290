#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Configures and builds a sanitizer sub-build (engine, CLI, tests; no GUI, bench or fuzzers), then runs its suites.
# Any sanitizer report fails: halt_on_error makes the reporting test exit non-zero.
#   asan: AddressSanitizer + UBSan; the unit and integration labels and one model against ONNX Runtime's reference
#         outputs (that one skips without ../shared).
#   tsan: ThreadSanitizer; the engine's cancellation and resource-bound tests (test_reliability), where another
#         thread fires the run's cancel token while Loop bodies and kernels poll it. Debian's libgomp and oneDNN are
#         not instrumented, so TSan cannot see OpenMP's barriers: OpenMP runs one thread there (OMP_NUM_THREADS=1)
#         and what is checked is the engine's own cross-thread state (the atomic token, RunControl, observers). The
#         GUI's threads are not part of it: Debian's Qt is not instrumented either.
# Usage: run_sanitized.sh SOURCE_DIR SUB_BUILD_DIR SUPPRESSIONS_FILE CXX CC [COMPILER_LAUNCHER [asan|tsan]]
set -euo pipefail
src=$1 dir=$2 supp=$3 cxx=$4 cc=$5 launcher=${6:-} kind=${7:-asan}
case "$kind" in
asan) sanitizers="address;undefined" targets=() ;;
tsan) sanitizers="thread" targets=(--target test_reliability) ;;
*) echo "unknown sanitizer kind '$kind'" >&2; exit 2 ;;
esac
# -O1: far less compile time than -O3 and fast enough to run the suites; NDEBUG keeps the Release code paths.
cmake -S "$src" -B "$dir" -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -g1 -DNDEBUG" \
    "-DCMAKE_C_FLAGS_RELEASE=-O1 -g1 -DNDEBUG" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_C_COMPILER="$cc" \
    ${launcher:+-DCMAKE_CXX_COMPILER_LAUNCHER=$launcher -DCMAKE_C_COMPILER_LAUNCHER=$launcher} \
    "-DQS_SANITIZE=$sanitizers" -DQS_BUILD_UI=OFF -DQS_BUILD_BENCH=OFF -DQS_BUILD_FUZZERS=OFF \
    -DQS_BUILD_SANITIZER_CHECKS=OFF > "$dir.configure.log" 2>&1 || { cat "$dir.configure.log"; exit 1; }
export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:detect_stack_use_after_return=0:allocator_may_return_null=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:suppressions=$supp"
export LSAN_OPTIONS="suppressions=$supp:print_suppressions=0"
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:allocator_may_return_null=1:suppressions=$supp"
start=$(date +%s)
cmake --build "$dir" -j2 "${targets[@]}" > "$dir.build.log" 2>&1 || { tail -50 "$dir.build.log"; exit 1; }
echo "sanitizer sub-build ($kind): $(( $(date +%s) - start )) s"
start=$(date +%s)
if [ "$kind" = asan ]; then
    # On a CPU with AMX, oneDNN 2.6 (Debian's, not instrumented) faults inside its own AMX brgemm primitive creation
    # when ASan's allocator is in the process (a read at the end of an ASan heap region; resnet18's QDQ convolutions,
    # every run on the AMX Xeon of 2026-11-29, none with the cap below). The engine's own code is the same on either
    # side of the cap, so the suites run with oneDNN capped below AMX; without AMX the cap changes nothing.
    export DNNL_MAX_CPU_ISA=AVX512_CORE_VNNI
    ctest --test-dir "$dir" -L 'unit|integration' -j2 --output-on-failure --timeout 900
    ctest --test-dir "$dir" -R '^model_mobilenet_v2_fp32_optimized$' --output-on-failure --timeout 900
else
    OMP_NUM_THREADS=1 "$dir/bin/test_reliability"
fi
echo "sanitized tests ($kind): $(( $(date +%s) - start )) s"
