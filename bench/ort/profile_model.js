// SPDX-License-Identifier: MIT
// Records an ONNX Runtime profile (Chrome-trace JSON) of a model, one intra-op thread, for
// `quantscope-cli import-ort-profile`. Setup: cd bench && npm install --ignore-scripts onnxruntime-node@1.30.0
// Usage: node bench/ort/profile_model.js MODEL.onnx OUT_PREFIX [RUNS=3] [OPT=all|disabled]
// The input is seeded uniform [0,1) data shaped like the model's first input (free dimensions set to 1).
'use strict';
const fs = require('fs');
const path = require('path');
const ort = require(path.join(__dirname, '..', 'node_modules', 'onnxruntime-node'));

function seededRandom(seed) {
  // mulberry32: deterministic input data so profiles of the same model are comparable
  return () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function main() {
  const [modelPath, outPrefix, runsArg, optArg] = process.argv.slice(2);
  if (!modelPath || !outPrefix) {
    console.error('usage: node profile_model.js MODEL.onnx OUT_PREFIX [RUNS=3] [OPT=all|disabled]');
    process.exit(2);
  }
  const runs = Number(runsArg || 3);
  const session = await ort.InferenceSession.create(modelPath, {
    executionProviders: ['cpu'],
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    graphOptimizationLevel: optArg || 'all',
    enableProfiling: true,
    profileFilePrefix: outPrefix,
  });
  const name = session.inputNames[0];
  const meta = session.inputMetadata ? session.inputMetadata[0] : undefined;
  let dims = meta && meta.shape ? meta.shape.map((d) => (typeof d === 'number' && d > 0 ? d : 1)) : undefined;
  if (!dims) dims = [1, 3, 224, 224];
  const size = dims.reduce((a, b) => a * b, 1);
  const rnd = seededRandom(0);
  const data = new Float32Array(size);
  for (let i = 0; i < size; ++i) data[i] = rnd();
  const feeds = { [name]: new ort.Tensor('float32', data, dims) };
  for (let i = 0; i < runs; ++i) {
    const t0 = process.hrtime.bigint();
    await session.run(feeds);
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    console.log(`run ${i + 1}: ${ms.toFixed(3)} ms`);
  }
  const file = session.endProfiling();
  console.log(`profile: ${file}`);
}

main().catch((e) => { console.error(e); process.exit(1); });
