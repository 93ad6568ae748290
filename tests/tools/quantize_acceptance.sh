#!/bin/sh
# SPDX-License-Identifier: MIT
# One quantizer acceptance case: quantize a ../shared FP32 model with the given options, check the engine's parity
# against the FP32 model (as written, layers included), and have ONNX Runtime 1.30 (onnxruntime-node) load and run
# the written file and agree with the engine's parity (tests/tools/ort_accept_quantized.js).
#
#   quantize_acceptance.sh CLI ORT_CACHE_DIR CASE_DIR OUT_DIR QUANTIZE_OPTIONS...
# Exit 77 (ctest: skipped) when ../shared, node or onnxruntime-node (npm cannot reach the registry) are missing.
cli=$1 cache=$2 case=$3 out=$4
shift 4
tools=$(dirname "$0")
if [ ! -f "$case/model.onnx" ]; then
  echo "SKIP: shared data absent: $case (../shared is not beside the checkout)"
  exit 77
fi
mkdir -p "$out"
calib=""
case " $* " in *" --format qdq "* | *" --format qoperator "*) calib="--calibration-data $case" ;; esac
"$cli" quantize "$case/model.onnx" "$out/model.onnx" "$@" $calib || exit 1
"$cli" parity "$case/model.onnx" "$out/model.onnx" --inputs "$case" --layers 5 2> /dev/null
"$cli" parity "$case/model.onnx" "$out/model.onnx" --inputs "$case" --no-layers --json > "$out/parity.json"

if ! command -v node > /dev/null; then
  echo "SKIP: node is not installed (Debian's nodejs, see .ci/install-deps): ONNX Runtime's acceptance not checked"
  exit 77
fi
# tests/tools/ensure_ort_node.sh (the ort_node_setup test) installs it, or says why it could not.
if [ ! -d "$cache/node_modules/onnxruntime-node" ]; then
  sh "$tools/ensure_ort_node.sh" "$cache" > "$out/ort_setup.log" 2>&1
  if [ ! -d "$cache/node_modules/onnxruntime-node" ]; then
    echo "SKIP: onnxruntime-node@1.30.0 is not installed in $cache: $(tail -1 "$out/ort_setup.log")"
    exit 77
  fi
fi
NODE_PATH="$cache/node_modules" node "$tools/ort_accept_quantized.js" "$out/model.onnx" \
  "$case/test_data_set_0/input_0.pb" "$case/test_data_set_0/output_0.pb" "$out/parity.json" || exit 1
if grep -q '^  "pass": true' "$out/parity.json"; then
  echo "PARITY PASS"
else
  echo "PARITY FAIL (a result, reported): below the SQNR/cosine thresholds"
fi
exit 0
