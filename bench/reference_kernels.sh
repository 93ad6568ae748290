#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The full zoo x ISA x mode matrix of reference kernels (what ctest's slow.no_reference_kernels_zoo runs): every model
# in ../shared/models, optimized and as-written, natively and capped to AVX512_CORE and AVX2, one process each.
# Usage: bench/reference_kernels.sh [build/bin/quantscope-cli] [SHARED_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cli=${1:-$root/build/bin/quantscope-cli}
shared=${2:-$root/../shared}
models=$(cd "$shared/models" && ls -d */ | tr -d /)
# shellcheck disable=SC2086 # one argument per model
exec "$root/tests/engine/exec/no_reference_kernels.sh" "$cli" "$shared" \
  "$root/tests/engine/exec/reference_kernel_allowlist.txt" "native AVX512_CORE AVX2" "optimized as-written" $models
