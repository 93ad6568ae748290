#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ctest wrapper around `quantscope-cli check`: skips (exit 77) when ../shared is absent, expands node-test globs.
# Usage: run_check.sh CLI SHARED_DIR (models CASE | node-tests EXPECTED_FAILURES) [check options...]
set -euo pipefail
cli=$1; shared=${QS_SHARED_DIR:-$2}; kind=$3; shift 3
case "$kind" in
  models)
    dir="$shared/models/$1"; shift
    if [ ! -d "$dir" ]; then echo "shared data absent: $dir (../shared is not beside the checkout) - skipped"; exit 77; fi
    exec "$cli" check "$dir" "$@" ;;
  node-tests)
    expected=$1; shift
    if [ ! -d "$shared/onnx-node-tests/node" ]; then
      echo "shared data absent: $shared/onnx-node-tests (../shared is not beside the checkout) - skipped"; exit 77
    fi
    exec "$cli" check "$shared"/onnx-node-tests/node/test_* --expected-failures "$expected" "$@" ;;
esac
echo "run_check.sh: unknown kind $kind"; exit 2
