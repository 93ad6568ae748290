#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# No silent slow path: runs each model once (`quantscope-cli plan --run`, one process per model, mode and ISA cap,
# because oneDNN reads DNNL_MAX_CPU_ISA once per process) and fails when a step ran a reference kernel (oneDNN's
# ref:..., the engine's cpu:reference / cpu:scalar) that the allowlist does not name. Skips (77) when ../shared is
# absent.
# Usage: no_reference_kernels.sh CLI SHARED_DIR ALLOWLIST "ISA..." "MODE..." MODEL...
#   ISA: native (no cap) or a DNNL_MAX_CPU_ISA value (AVX512_CORE, AVX2); a cap above the CPU's ISA is the native run.
# Allowlist lines: MODEL_GLOB OP_TYPE_GLOB IMPLEMENTATION_GLOB REASON... (whitespace separated, '#' comments); an
# entry without a reason is an error.
set -euo pipefail
cli=$1; shared=${QS_SHARED_DIR:-$2}; allowlist=$3; isas=$4; modes=$5; shift 5
if [ ! -d "$shared/models" ]; then echo "shared data absent: $shared/models - skipped"; exit 77; fi

declare -a allow_model allow_op allow_impl
while read -r m o i reason; do
  [ -z "${m:-}" ] && continue
  case "$m" in \#*) continue ;; esac
  if [ -z "${reason:-}" ]; then echo "allowlist $allowlist: entry '$m $o $i' gives no reason"; exit 2; fi
  allow_model+=("$m"); allow_op+=("$o"); allow_impl+=("$i")
done < "$allowlist"

allowed() { # model op impl
  local k
  for k in "${!allow_model[@]}"; do
    # shellcheck disable=SC2053 # globs on purpose
    [[ $1 == ${allow_model[$k]} && $2 == ${allow_op[$k]} && $3 == ${allow_impl[$k]} ]] && return 0
  done
  return 1
}

failures=0; checked=0
for model in "$@"; do
  file="$shared/models/$model/model.onnx"
  if [ ! -f "$file" ]; then echo "FAIL $model: $file not found"; failures=$((failures + 1)); continue; fi
  for isa in $isas; do
    for mode in $modes; do
      rc=0
      if [ "$isa" = native ]; then out=$(env -u DNNL_MAX_CPU_ISA "$cli" plan "$file" --run --mode "$mode" 2>&1) || rc=$?
      else out=$(DNNL_MAX_CPU_ISA=$isa "$cli" plan "$file" --run --mode "$mode" 2>&1) || rc=$?; fi
      if [ "$rc" != 0 ]; then echo "FAIL $model $mode $isa: plan --run failed: $out"; failures=$((failures + 1)); continue; fi
      checked=$((checked + 1))
      # Step blocks: "#N OpType", "  kernel: IMPL  [REFERENCE KERNEL]", "  nodes: 'name' (Op), ..."; the allowlist
      # matches the implementation's first word ("onednn:ref:any").
      while IFS=$'\t' read -r step op impl node; do
        if allowed "$model" "$op" "$impl"; then
          echo "allowed  $model $mode $isa: step $step $op on $impl ($node)"
        else
          echo "FAIL     $model $mode $isa: step $step $op ran the reference kernel $impl ($node)"
          failures=$((failures + 1))
        fi
      done < <(awk '
        /^#[0-9]+ / { step = substr($1, 2); op = $2; ref = ""; next }
        /^  kernel: .*\[REFERENCE KERNEL\]/ { ref = $2; next }
        /^  nodes: / && ref != "" { sub(/^  nodes: /, ""); printf "%s\t%s\t%s\t%s\n", step, op, ref, $0; ref = "" }
      ' <<< "$out")
    done
  done
done
echo "$checked model/mode/ISA runs checked, $failures reference kernel(s) or failure(s) not on the allowlist"
[ "$failures" = 0 ]
