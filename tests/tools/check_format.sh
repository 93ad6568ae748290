#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ctest `source_format` (label `lint`): every tracked C++ file is formatted as .clang-format says. Prints the files
# that are not, and how to fix them. Exit 77 (ctest: skipped) outside a git checkout or without clang-format.
set -uo pipefail
src=${1:?usage: check_format.sh SOURCE_DIR}
cd "$src" || exit 1
command -v clang-format >/dev/null || { echo "SKIP: clang-format is not installed (.ci/install-deps installs it)"; exit 77; }
git rev-parse --is-inside-work-tree >/dev/null 2>&1 || { echo "SKIP: $src is not a git checkout"; exit 77; }
bad=$(git ls-files -z -- '*.cpp' '*.h' | xargs -0 clang-format --dry-run 2>&1 | sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: warning: code should be clang-formatted.*/\1/p' | sort -u)
if [ -n "$bad" ]; then
  echo "Not formatted as .clang-format says ($(clang-format --version | head -1)):"
  echo "$bad" | sed 's/^/  /'
  echo "Fix with: clang-format -i $(echo $bad | tr '\n' ' ')"
  exit 1
fi
echo "all $(git ls-files -- '*.cpp' '*.h' | wc -l) C++ files formatted"
