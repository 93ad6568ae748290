// SPDX-License-Identifier: MIT
// ONNX Runtime's acceptance of a model Quantscope quantized: loads and runs it with onnxruntime-node (graph
// optimizations disabled — the arithmetic as written — and all — what ONNX Runtime's users run), computes the parity
// of its first output against the FP32 reference output, and checks that the engine's parity of the same file
// (quantscope-cli parity --json, run as written) agrees with ONNX Runtime's.
//
//   node ort_accept_quantized.js MODEL.onnx INPUT_0.pb FP32_OUTPUT_0.pb ENGINE_PARITY.json [TOLERANCE_DB]
'use strict';
const fs = require('fs');
const ort = require('onnxruntime-node');
const { kTypes, readTensorProto } = require('./tensor_proto');

ort.env.logLevel = 'error'; // not a warning per unused initializer

function toTensor(t) {
  const [type, Ctor] = kTypes[t.dataType];
  const copy = Buffer.from(t.raw);
  return new ort.Tensor(type, new Ctor(copy.buffer, copy.byteOffset, copy.byteLength / Ctor.BYTES_PER_ELEMENT), t.dims);
}

function parity(ref, cand) {
  let sumSq = 0, sumDiff = 0, dot = 0, candSq = 0, maxAbs = 0, sumAbs = 0;
  for (let i = 0; i < ref.length; ++i) {
    const a = ref[i], b = cand[i], d = a - b;
    sumSq += a * a; candSq += b * b; dot += a * b; sumDiff += d * d; sumAbs += Math.abs(d);
    maxAbs = Math.max(maxAbs, Math.abs(d));
  }
  return {
    sqnrDb: sumDiff === 0 ? Infinity : 10 * Math.log10(sumSq / sumDiff),
    cosine: dot / Math.sqrt(sumSq * candSq), maxAbs, meanAbs: sumAbs / ref.length,
  };
}

(async () => {
  const [model, inputPb, refPb, enginePath, tolArg] = process.argv.slice(2);
  if (!enginePath) { console.error('usage: ort_accept_quantized.js MODEL INPUT_0.pb FP32_OUTPUT_0.pb ENGINE.json [TOL_DB]'); process.exit(2); }
  const tolerance = tolArg ? Number(tolArg) : 1.0;
  const input = readTensorProto(inputPb);
  const ref = toTensor(readTensorProto(refPb)).data;
  const engine = JSON.parse(fs.readFileSync(enginePath, 'utf8')).outputs[0];
  const results = {};
  for (const level of ['disabled', 'all']) {
    let session;
    try {
      session = await ort.InferenceSession.create(model, {
        executionProviders: ['cpu'], intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: level,
      });
    } catch (e) {
      console.error(`FAIL: ONNX Runtime ${ort.env.versions.common} (optimizations ${level}) does not load ${model}: ${e.message}`);
      process.exit(1);
    }
    const out = await session.run({ [session.inputNames[0]]: toTensor(input) });
    results[level] = parity(ref, out[session.outputNames[0]].data);
    const r = results[level];
    console.log(`onnxruntime ${ort.env.versions.common} (${level}): SQNR ${r.sqnrDb.toFixed(2)} dB, cosine ${r.cosine.toFixed(6)}, max |d| ${r.maxAbs.toPrecision(4)}, mean |d| ${r.meanAbs.toPrecision(4)}`);
  }
  const engineDb = engine.sqnrDb === null ? Infinity : engine.sqnrDb;
  console.log(`quantscope engine (as written): SQNR ${engineDb.toFixed(2)} dB, cosine ${engine.cosine.toFixed(6)}`);
  const diff = Math.abs(engineDb - results.disabled.sqnrDb);
  if (!(diff <= tolerance)) {
    console.error(`FAIL: engine and ONNX Runtime disagree on the SQNR by ${diff.toFixed(2)} dB (tolerance ${tolerance} dB)`);
    process.exit(1);
  }
  console.log(`PASS: loads and runs in ONNX Runtime; SQNR agrees within ${diff.toFixed(2)} dB`);
})();
