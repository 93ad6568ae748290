#!/usr/bin/env node
// SPDX-License-Identifier: MIT
// Quantscope's adapter for onnxruntime-node: answers the line-delimited JSON protocol of PROTOCOL.md on
// stdin/stdout. The package is found through QS_ORT_NODE_MODULE (its folder, set by Quantscope's discovery) or
// Node's own resolution (NODE_PATH, node_modules folders). Works with Node 18 (Debian 12) and later.
'use strict';
const fs = require('fs');
const path = require('path');
const readline = require('readline');

const ort = require(process.env.QS_ORT_NODE_MODULE || 'onnxruntime-node');

const TYPED = {
  float32: Float32Array, float64: Float64Array, int8: Int8Array, uint8: Uint8Array, int16: Int16Array,
  uint16: Uint16Array, int32: Int32Array, uint32: Uint32Array, int64: BigInt64Array, uint64: BigUint64Array,
  bool: Uint8Array, float16: Uint16Array,
};

let session = null;
let sessionOptions = null;
let profilePrefix = null;
let feeds = null;

function runtimeVersion() {
  try {
    return require(path.join(path.dirname(require.resolve(process.env.QS_ORT_NODE_MODULE || 'onnxruntime-node')),
      '..', 'package.json')).version;
  } catch (e) {
    return (ort.env && ort.env.versions && ort.env.versions.node) || 'unknown';
  }
}

function decodeTensor(t) {
  const Ctor = TYPED[t.type];
  if (!Ctor) throw new Error(`input '${t.name}': unsupported element type '${t.type}'`);
  const bytes = Buffer.from(t.data, 'base64');
  // Copy into a fresh, aligned ArrayBuffer: a Buffer may be a view into a shared pool at any offset.
  const buf = new ArrayBuffer(bytes.length);
  new Uint8Array(buf).set(bytes);
  return new ort.Tensor(t.type, new Ctor(buf), t.dims);
}

function encodeTensor(name, t) {
  const d = t.data;
  return { name, type: t.type, dims: Array.from(t.dims),
    data: Buffer.from(d.buffer, d.byteOffset, d.byteLength).toString('base64') };
}

function ioList(names, metadata) {
  return names.map((name, i) => {
    const m = metadata && metadata[i];
    return { name, type: (m && m.type) || null,
      shape: m && m.shape ? m.shape.map((d) => (typeof d === 'number' && d >= 0 ? d : null)) : null };
  });
}

// onnxruntime-node's endProfiling returns nothing: the file is the newest "<prefix>_*.json".
function findProfileFile(prefix) {
  const dir = path.dirname(prefix);
  const base = path.basename(prefix) + '_';
  const files = fs.readdirSync(dir).filter((f) => f.startsWith(base) && f.endsWith('.json'))
    .map((f) => path.join(dir, f)).sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  if (!files.length) throw new Error(`ONNX Runtime wrote no profile file '${prefix}_*.json'`);
  return files[0];
}

const ops = {
  hello() {
    const backends = typeof ort.listSupportedBackends === 'function' ? ort.listSupportedBackends() : [];
    return { protocol: 1, runtime: 'onnxruntime', runtimeVersion: runtimeVersion(), adapter: 'node',
      host: `node ${process.version}`,
      providers: backends.filter((b) => b.bundled !== false).map((b) => b.name) };
  },
  async load(req) {
    if (session) { await session.release(); session = null; }
    feeds = null;
    const options = {
      executionProviders: ['cpu'],
      intraOpNumThreads: req.intraOpThreads,
      interOpNumThreads: req.interOpThreads,
      executionMode: 'sequential',
      graphOptimizationLevel: req.graphOptimizationLevel,
      enableProfiling: !!req.profile,
    };
    if (req.profile) {
      profilePrefix = path.join(req.profileDir || '.', `ort_profile_${process.pid}_${Date.now()}`);
      options.profileFilePrefix = profilePrefix;
    }
    const t0 = process.hrtime.bigint();
    session = await ort.InferenceSession.create(req.model, options);
    const loadMs = Number(process.hrtime.bigint() - t0) / 1e6;
    sessionOptions = { intraOpThreads: req.intraOpThreads, interOpThreads: req.interOpThreads,
      graphOptimizationLevel: req.graphOptimizationLevel, executionProviders: ['cpu'], profile: !!req.profile };
    return { inputs: ioList(session.inputNames, session.inputMetadata),
      outputs: ioList(session.outputNames, session.outputMetadata), sessionOptions, loadMs };
  },
  setInputs(req) {
    if (!session) throw new Error('setInputs before load');
    const next = {};
    for (const t of req.inputs || []) {
      if (!session.inputNames.includes(t.name)) throw new Error(`the model has no input '${t.name}'`);
      next[t.name] = decodeTensor(t);
    }
    feeds = next;
    return {};
  },
  async run(req) {
    if (!session || !feeds) throw new Error('run before load and setInputs');
    const t0 = process.hrtime.bigint();
    const results = await session.run(feeds);
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    const out = { ms, peakRssBytes: process.resourceUsage().maxRSS * 1024 };
    if (req.returnOutputs) out.outputs = session.outputNames.map((n) => encodeTensor(n, results[n]));
    return out;
  },
  endProfiling() {
    if (!session || !profilePrefix) throw new Error('endProfiling without a profiling session');
    session.endProfiling();
    return { profileFile: findProfileFile(profilePrefix) };
  },
  quit() { return {}; },
};

function reply(obj) { process.stdout.write(JSON.stringify(obj) + '\n'); }

async function handle(line) {
  let req;
  try {
    req = JSON.parse(line);
    if (typeof req !== 'object' || req === null || typeof req.op !== 'string') throw new Error('no "op"');
  } catch (e) {
    reply({ id: null, ok: false, error: `malformed request: ${e.message}` });
    return true;
  }
  const op = ops[req.op];
  if (!op) {
    reply({ id: req.id ?? null, ok: false, error: `unknown op '${req.op}'` });
    return true;
  }
  try {
    reply(Object.assign({ id: req.id ?? null, ok: true }, await op(req)));
  } catch (e) {
    reply({ id: req.id ?? null, ok: false, error: String((e && e.message) || e) });
  }
  return req.op !== 'quit';
}

// Requests are handled strictly one after another (the protocol never pipelines, but be safe).
const lines = readline.createInterface({ input: process.stdin, terminal: false });
let chain = Promise.resolve(true);
lines.on('line', (line) => {
  if (!line.trim()) return;
  chain = chain.then((more) => (more ? handle(line) : false)).then((more) => {
    if (!more) process.exit(0);
    return more;
  });
});
lines.on('close', () => { chain.then(() => process.exit(0)); });
