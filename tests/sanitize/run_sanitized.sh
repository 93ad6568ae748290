#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Configures and builds the AddressSanitizer + UBSan sub-build (engine, CLI, tests; no GUI, bench or fuzzers), then
# runs its unit and integration labels and one model against ONNX Runtime's reference outputs (that one skips
# without ../shared). Any ASan, LSan or UBSan report fails: halt_on_error makes the reporting test exit non-zero.
# Usage: run_sanitized.sh SOURCE_DIR SUB_BUILD_DIR SUPPRESSIONS_FILE CXX CC [COMPILER_LAUNCHER]
set -euo pipefail
src=$1 dir=$2 supp=$3 cxx=$4 cc=$5 launcher=${6:-}
# -O1: far less compile time than -O3 and fast enough to run the suites; NDEBUG keeps the Release code paths.
cmake -S "$src" -B "$dir" -DCMAKE_BUILD_TYPE=Release "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -g1 -DNDEBUG" \
    "-DCMAKE_C_FLAGS_RELEASE=-O1 -g1 -DNDEBUG" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_C_COMPILER="$cc" \
    ${launcher:+-DCMAKE_CXX_COMPILER_LAUNCHER=$launcher -DCMAKE_C_COMPILER_LAUNCHER=$launcher} \
    "-DQS_SANITIZE=address;undefined" -DQS_BUILD_UI=OFF -DQS_BUILD_BENCH=OFF -DQS_BUILD_FUZZERS=OFF \
    -DQS_BUILD_SANITIZER_CHECKS=OFF > "$dir.configure.log" 2>&1 || { cat "$dir.configure.log"; exit 1; }
export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:detect_stack_use_after_return=0:allocator_may_return_null=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:suppressions=$supp"
export LSAN_OPTIONS="suppressions=$supp:print_suppressions=0"
start=$(date +%s)
cmake --build "$dir" -j2 > "$dir.build.log" 2>&1 || { tail -50 "$dir.build.log"; exit 1; }
echo "sanitizer sub-build: $(( $(date +%s) - start )) s"
start=$(date +%s)
ctest --test-dir "$dir" -L 'unit|integration' -j2 --output-on-failure --timeout 900
ctest --test-dir "$dir" -R '^model_mobilenet_v2_fp32_optimized$' --output-on-failure --timeout 900
echo "sanitized tests: $(( $(date +%s) - start )) s"
