// SPDX-License-Identifier: MIT
// Runs backend-test-style cases (model.onnx + test_data_set_0/input_N.pb) with ONNX Runtime (onnxruntime-node,
// CPU, one thread, graph optimizations disabled so every node runs as authored) and writes what it computes as
// test_data_set_0/output_N.pb (onnx.TensorProto). These outputs are the independent truth for the com.microsoft
// cases under tests/data/qops/ (ONNX has no conformance data for contrib ops), the ai.onnx opset 18..21 cases
// under tests/data/opsets/ (ONNX's conformance data in ../shared stops at opset 17), and for the intermediate
// tensors trace_first_difference.cpp exposes.
//
//   (cd bench && npm install --ignore-scripts --no-save --no-package-lock onnxruntime-node@1.30.0)
//   NODE_PATH=bench/node_modules node tests/tools/ort_write_outputs.js tests/data/qops/*/
// With --optimized, ONNX Runtime runs with all its graph optimizations instead.
'use strict';
const path = require('path');
const ort = require('onnxruntime-node');

const { kTypes, readTensorProto, writeTensorProto } = require('./tensor_proto');

async function runCase(dir, level) {
  const dataDir = path.join(dir, 'test_data_set_0');
  const session = await ort.InferenceSession.create(path.join(dir, 'model.onnx'), {
    executionProviders: ['cpu'], intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: level,
  });
  const feeds = {};
  session.inputNames.forEach((name, i) => {
    const t = readTensorProto(path.join(dataDir, `input_${i}.pb`));
    const [type, Ctor] = kTypes[t.dataType];
    const copy = new ArrayBuffer(t.raw.length); // aligned for every element size
    new Uint8Array(copy).set(t.raw);
    const data = new Ctor(copy);
    feeds[name] = new ort.Tensor(type, data, t.dims);
  });
  const results = await session.run(feeds);
  session.outputNames.forEach((name, i) => writeTensorProto(path.join(dataDir, `output_${i}.pb`), name, results[name]));
  return session.outputNames.length;
}

(async () => {
  // --optimized: ONNX Runtime's full graph optimizations (its fused QLinearConv etc.), what its users see.
  const optimized = process.argv.includes('--optimized');
  const dirs = process.argv.slice(2).filter((a) => a !== '--optimized');
  if (!dirs.length) { console.error('usage: ort_write_outputs.js [--optimized] CASE_DIR...'); process.exit(2); }
  let failed = 0;
  for (const dir of dirs) {
    try {
      const n = await runCase(dir, optimized ? 'all' : 'disabled');
      console.log(`${path.basename(path.resolve(dir))}: ${n} output(s) written (onnxruntime ${ort.env.versions.common})`);
    } catch (e) {
      ++failed;
      console.error(`${dir}: ${e.message}`);
    }
  }
  process.exit(failed ? 1 : 0);
})();
