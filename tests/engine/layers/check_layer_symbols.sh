#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ctest `engine_layer_symbols`: no layer library calls a layer it may not use. The include roots catch a wrong
# #include; this catches a call without one (a function declared by hand, as kernels once did for exec's If/Loop/Scan
# kernels), which static libraries would otherwise link. Every symbol a layer leaves undefined that some layer
# defines must be defined by the layer itself or one it may use.
# Arguments: NM, then one LAYER|LIBRARY|USABLE per layer, USABLE the ':'-separated layers it may use (itself first).
set -euo pipefail
nm=$1
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for arg in "$@"; do
  IFS='|' read -r layer lib usable <<<"$arg"
  "$nm" -g --defined-only --format=posix "$lib" 2>/dev/null | awk 'NF >= 2 && $2 != "U" { print $1 }' \
    | sort -u >"$work/$layer.defined"
done
sort -u "$work"/*.defined >"$work/engine.defined"
bad=0
for arg in "$@"; do
  IFS='|' read -r layer lib usable <<<"$arg"
  IFS=: read -r -a layers <<<"$usable"
  for l in "${layers[@]}"; do cat "$work/$l.defined"; done | sort -u >"$work/usable"
  "$nm" -u --format=posix "$lib" 2>/dev/null | awk '{ print $1 }' | sort -u >"$work/undefined"
  # Undefined here, defined by some layer, but not by this one or a layer it may use.
  comm -23 "$work/undefined" "$work/usable" | comm -12 - "$work/engine.defined" >"$work/wrong"
  if [ -s "$work/wrong" ]; then
    bad=1
    echo "layer $layer uses symbols of a layer it may not use:"
    c++filt <"$work/wrong" | head -20 | sed 's/^/  /'
  fi
done
[ $bad = 0 ] && echo "$# layer libraries: every engine symbol each one uses is its own or of a layer it may use"
exit $bad
