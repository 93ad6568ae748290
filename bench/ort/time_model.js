// SPDX-License-Identifier: MIT
// Times an ONNX model with ONNX Runtime (onnxruntime-node, CPU) so Quantscope's engine can be compared in the same run.
//
//   node bench/ort/time_model.js MODEL.onnx [--threads 1] [--warmup 5] [--runs 20] [--input file.pb]
//                                [--no-optimize] [--write-output out.bin]
//
// Prints one JSON object: {"runtime":"onnxruntime","version":...,"threads":N,"latencies_ms":[...],"median_ms":...}.
// Input: the case's test_data_set_0/input_0.pb when it exists (the same input the engine uses), otherwise seeded
// uniform [0,1) floats. Install first: (cd bench && npm install --ignore-scripts --no-save onnxruntime-node@1.30.0).
'use strict';
const fs = require('fs');
const path = require('path');
const ort = require('onnxruntime-node');

function parseArgs(argv) {
  const a = { model: null, threads: 1, warmup: 5, runs: 20, input: null, optimize: true, writeOutput: null };
  for (let i = 0; i < argv.length; ++i) {
    const k = argv[i];
    if (k === '--threads') a.threads = parseInt(argv[++i], 10);
    else if (k === '--warmup') a.warmup = parseInt(argv[++i], 10);
    else if (k === '--runs') a.runs = parseInt(argv[++i], 10);
    else if (k === '--input') a.input = argv[++i];
    else if (k === '--no-optimize') a.optimize = false;
    else if (k === '--write-output') a.writeOutput = argv[++i];
    else if (!a.model) a.model = k;
    else throw new Error(`unexpected argument ${k}`);
  }
  if (!a.model) throw new Error('usage: time_model.js MODEL.onnx [--threads N] [--warmup N] [--runs N]');
  return a;
}

// Minimal reader for the onnx.TensorProto fields backend test inputs use: dims (1), data_type (2), raw_data (9).
function readTensorProto(file) {
  const buf = fs.readFileSync(file);
  let pos = 0;
  const varint = () => {
    let result = 0n, shift = 0n;
    for (;;) {
      const b = buf[pos++];
      result |= BigInt(b & 0x7f) << shift;
      if (!(b & 0x80)) return result;
      shift += 7n;
    }
  };
  const dims = [];
  let dataType = 0, raw = null;
  while (pos < buf.length) {
    const key = Number(varint());
    const field = key >> 3, wire = key & 7;
    if (wire === 0) {
      const v = varint();
      if (field === 1) dims.push(Number(v));
      else if (field === 2) dataType = Number(v);
    } else if (wire === 2) {
      const len = Number(varint());
      if (field === 1) { const end = pos + len; while (pos < end) dims.push(Number(varint())); }
      else if (field === 9) raw = buf.subarray(pos, pos + len);
      pos += len;
    } else if (wire === 5) pos += 4;
    else if (wire === 1) pos += 8;
    else throw new Error(`${file}: unsupported wire type ${wire}`);
  }
  if (dataType !== 1 || !raw) throw new Error(`${file}: only float tensors with raw_data are supported here`);
  const data = new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length));
  return new ort.Tensor('float32', data, dims);
}

function seededUniform(n, seed) {
  const out = new Float32Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; ++i) { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; out[i] = s / 4294967296; }
  return out;
}

function percentile(sorted, p) {
  const idx = (sorted.length - 1) * p, lo = Math.floor(idx), hi = Math.ceil(idx);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (idx - lo);
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const options = {
    intraOpNumThreads: args.threads, interOpNumThreads: 1, executionMode: 'sequential',
    graphOptimizationLevel: args.optimize ? 'all' : 'disabled',
  };
  const t0 = process.hrtime.bigint();
  const session = await ort.InferenceSession.create(args.model, options);
  const prepareMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const inputName = session.inputNames[0];
  const caseInput = args.input || path.join(path.dirname(args.model), 'test_data_set_0', 'input_0.pb');
  let tensor;
  if (fs.existsSync(caseInput)) tensor = readTensorProto(caseInput);
  else {
    const meta = session.inputMetadata ? session.inputMetadata[0] : null;
    const dims = meta && meta.shape ? meta.shape.map((d) => (typeof d === 'number' ? d : 1)) : [1, 3, 224, 224];
    tensor = new ort.Tensor('float32', seededUniform(dims.reduce((a, b) => a * b, 1), 0), dims);
  }
  const feeds = { [inputName]: tensor };
  const t1 = process.hrtime.bigint();
  let out = await session.run(feeds);
  const firstMs = Number(process.hrtime.bigint() - t1) / 1e6;
  for (let i = 0; i < args.warmup; ++i) out = await session.run(feeds);
  const lat = [];
  const cpu = []; // process CPU time per run: on a shared machine, what the run cost without waiting for a core
  for (let i = 0; i < args.runs; ++i) {
    const s = process.hrtime.bigint();
    const c = process.cpuUsage();
    out = await session.run(feeds);
    lat.push(Number(process.hrtime.bigint() - s) / 1e6);
    const d = process.cpuUsage(c);
    cpu.push((d.user + d.system) / 1e3);
  }
  if (args.writeOutput) {
    const first = out[session.outputNames[0]];
    fs.writeFileSync(args.writeOutput, Buffer.from(first.data.buffer));
  }
  const sorted = [...lat].sort((a, b) => a - b);
  const mean = lat.reduce((a, b) => a + b, 0) / lat.length;
  console.log(JSON.stringify({
    runtime: 'onnxruntime', version: require('onnxruntime-node/package.json').version, model: args.model,
    threads: args.threads, graph_optimizations: args.optimize, warmup: args.warmup, runs: args.runs,
    prepare_ms: prepareMs, first_run_ms: firstMs, median_ms: percentile(sorted, 0.5), p95_ms: percentile(sorted, 0.95),
    min_ms: sorted[0], mean_ms: mean, latencies_ms: lat,
    median_cpu_ms: percentile([...cpu].sort((a, b) => a - b), 0.5),
  }));
}

main().catch((e) => { console.error(`time_model.js: ${e.message}`); process.exit(1); });
