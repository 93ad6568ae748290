// SPDX-License-Identifier: MIT
// Times Quantscope's engine and ONNX Runtime on the same models, same thread count, in one run, and prints the ratio.
//
//   node bench/models/compare_ort.js [--cli build/bin/quantscope-cli] [--threads 1,2] [--runs 20] [--warmup 5]
//                                    [--mode optimized] [--cpu] MODEL.onnx...
//
// --cpu adds, for single-thread rows, the median CPU time per run of both (the engine's through
// build/bin/bench_profile_steps, ONNX Runtime's from time_model.js): on a shared machine, where wall time includes
// waiting for a core, it is the fairer comparison.
//
// For each model and thread count: the engine through `quantscope-cli bench --json` (its run file), then ONNX
// Runtime through bench/ort/time_model.js, back to back, so both see the same machine state. Prints a Markdown
// table (medians, ratio engine/ORT: < 1 means the engine is faster) ready for bench/RESULTS.md.
'use strict';
const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

function parseArgs(argv) {
  const a = { cli: 'build/bin/quantscope-cli', threads: ['1'], runs: 20, warmup: 5, mode: 'optimized', models: [],
    cpu: false };
  for (let i = 0; i < argv.length; ++i) {
    const k = argv[i];
    if (k === '--cli') a.cli = argv[++i];
    else if (k === '--threads') a.threads = argv[++i].split(',');
    else if (k === '--runs') a.runs = parseInt(argv[++i], 10);
    else if (k === '--warmup') a.warmup = parseInt(argv[++i], 10);
    else if (k === '--mode') a.mode = argv[++i];
    else if (k === '--cpu') a.cpu = true;
    else a.models.push(k);
  }
  if (a.models.length === 0) throw new Error('usage: compare_ort.js [--threads 1,2] [--runs N] MODEL.onnx...');
  return a;
}

// env: extra environment for the engine's process, e.g. { DNNL_MAX_CPU_ISA: 'AVX2' } (read once per process).
function engineMedian(a, model, threads, env = {}) {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'qs-compare-')), 'run.json');
  execFileSync(a.cli, ['bench', model, '--threads', threads, '--mode', a.mode, '--warmup', String(a.warmup),
    '--runs', String(a.runs), '--json', out], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });
  const run = JSON.parse(fs.readFileSync(out, 'utf8'));
  const s = run.scenarios[0];
  if (s.status !== 'ok') throw new Error(`${model}: engine run ${s.status}: ${s.error}`);
  return { median: s.stats.p50Ms, cv: s.stats.cv };
}

function ortMedian(a, model, threads) {
  const script = path.join(__dirname, '..', 'ort', 'time_model.js');
  const t = threads === 'auto' ? String(os.cpus().length) : threads;
  const json = execFileSync(process.execPath, [script, model, '--threads', t, '--warmup', String(a.warmup),
    '--runs', String(a.runs)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const r = JSON.parse(json);
  return { median: r.median_ms, version: r.version, cpu: r.median_cpu_ms };
}

function engineCpuMedian(a, model) {
  const tool = path.join(path.dirname(a.cli), 'bench_profile_steps');
  const out = execFileSync(tool, [model, '--threads', '1', '--mode', a.mode, '--warmup', String(a.warmup), '--runs',
    String(a.runs), '--top', '0'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const m = /process CPU median ([0-9.]+) ms/.exec(out);
  if (!m) throw new Error(`${model}: no CPU median from ${tool}`);
  return parseFloat(m[1]);
}

function main() {
  const a = parseArgs(process.argv.slice(2));
  const rows = [];
  let ortVersion = '?';
  for (const model of a.models) {
    for (const threads of a.threads) {
      const e = engineMedian(a, model, threads);
      const o = ortMedian(a, model, threads);
      ortVersion = o.version;
      const name = path.basename(path.dirname(model)) || model;
      let cpu = '';
      if (a.cpu) {
        const ec = threads === '1' ? engineCpuMedian(a, model) : null;
        cpu = ec === null ? ' | | |'
          : ` ${ec.toFixed(2)} ms | ${o.cpu.toFixed(2)} ms | ${(ec / o.cpu).toFixed(2)}x |`;
      }
      rows.push(`| ${name} | ${threads} | ${e.median.toFixed(2)} ms (CV ${(100 * e.cv).toFixed(1)} %) | ` +
        `${o.median.toFixed(2)} ms | ${(e.median / o.median).toFixed(2)}x |` + cpu);
      console.error(rows[rows.length - 1]);
    }
  }
  console.log(`Quantscope (${a.mode}) vs ONNX Runtime ${ortVersion}, warm-up ${a.warmup}, ${a.runs} runs each, ` +
    `medians; ${os.cpus()[0].model}, ${os.cpus().length} logical CPUs, ${new Date().toISOString()}\n`);
  console.log('| model | threads | Quantscope | ONNX Runtime | Quantscope / ORT |' +
    (a.cpu ? ' Quantscope CPU/run | ORT CPU/run | CPU ratio |' : ''));
  console.log('|---|---:|---:|---:|---:|' + (a.cpu ? '---:|---:|---:|' : ''));
  for (const r of rows) console.log(r);
}

module.exports = { engineMedian, ortMedian };

if (require.main === module) {
  try { main(); } catch (e) { console.error(`compare_ort.js: ${e.message}`); process.exit(1); }
}
