// SPDX-License-Identifier: MIT
// Prints the summary table of bench/RESULTS.md: every model in ../shared/models, the engine natively and under each
// oneDNN ISA cap this CPU can be lowered to, beside ONNX Runtime (native: it cannot be capped) in the same run.
//
//   NODE_PATH=<dir with onnxruntime-node> node bench/models/zoo_table.js [--cli build/bin/quantscope-cli]
//       [--models ../shared/models] [--threads 1,2] [--runs 20] [--warmup 5] [--rounds 1] [--min-ms 0]
//       [--isas AVX512_CORE,AVX2]
//
// Per model, thread count and ISA it runs `quantscope-cli bench --mode optimized` (one process per ISA, since the
// cap is read once per process) and then ONNX Runtime (bench/ort/time_model.js) back to back, so both see the same
// machine state. With --rounds N each cell is the lowest of N medians, and the rounds are the outer loop: on a shared
// VM a noisy minute then lands on different cells in different rounds instead of on every round of one cell. With
// --min-ms M a cell whose first-round median times --runs is below M ms gets more runs from the second round on, so
// a 2 ms model is not judged on a 40 ms window. A cap at or above the CPU's own ISA is
// skipped (oneDNN would run natively and the row would repeat). Then, for each INT8 file with an FP32 counterpart
// (<net>_int8_* beside <net>_fp32*), the ratios issue 14 sets targets for: INT8 / the engine's own FP32 (at most 0.6x
// with VNNI, 0.75x without) and INT8 / ONNX Runtime on the same file (at most 1.0x).
'use strict';
const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { engineMedian, ortMedian } = require('./compare_ort.js');

function parseArgs(argv) {
  const a = { cli: 'build/bin/quantscope-cli', models: path.join('..', 'shared', 'models'), threads: ['1', '2'],
    runs: 20, warmup: 5, rounds: 1, minMs: 0, isas: ['AVX512_CORE', 'AVX2'], mode: 'optimized' };
  for (let i = 0; i < argv.length; ++i) {
    const k = argv[i];
    const v = () => { if (i + 1 >= argv.length) throw new Error(`${k} needs a value`); return argv[++i]; };
    if (k === '--cli') a.cli = v();
    else if (k === '--models') a.models = v();
    else if (k === '--threads') a.threads = v().split(',');
    else if (k === '--runs') a.runs = parseInt(v(), 10);
    else if (k === '--warmup') a.warmup = parseInt(v(), 10);
    else if (k === '--rounds') a.rounds = parseInt(v(), 10);
    else if (k === '--min-ms') a.minMs = parseFloat(v());
    else if (k === '--isas') a.isas = v().split(',').filter((s) => s.length > 0);
    else throw new Error(`unknown argument ${k}`);
  }
  return a;
}

// oneDNN's ISA names in dispatch order; a cap counts only when it is below what this CPU runs natively.
const isaRank = ['sse41', 'avx', 'avx2', 'avx2_vnni', 'avx512_core', 'avx512_core_vnni', 'avx512_core_bf16',
  'avx512_core_amx'];

function sysinfo(cli, env = {}) {
  const json = execFileSync(cli, ['sysinfo', '--json'], { encoding: 'utf8', env: { ...process.env, ...env } });
  return JSON.parse(json);
}

// Runs for a cell after its first round: enough for --min-ms of measured time, at most 50x --runs.
function runsFor(a, firstMedian) {
  if (!(a.minMs > 0) || !(firstMedian > 0)) return a.runs;
  return Math.min(a.runs * 50, Math.max(a.runs, Math.ceil(a.minMs / firstMedian)));
}

function main() {
  const a = parseArgs(process.argv.slice(2));
  const cases = fs.readdirSync(a.models).filter((d) => fs.existsSync(path.join(a.models, d, 'model.onnx'))).sort();
  if (cases.length === 0) throw new Error(`no models under ${a.models}`);
  const info = sysinfo(a.cli);
  const nativeIsa = info.onednnIsa || (info.machine && info.machine.onednnIsa) || '?';
  const columns = [{ name: `native (${nativeIsa})`, isa: nativeIsa, env: {} }];
  for (const cap of a.isas) {
    const capped = sysinfo(a.cli, { DNNL_MAX_CPU_ISA: cap });
    const isa = capped.onednnIsa || (capped.machine && capped.machine.onednnIsa) || '?';
    if (isaRank.indexOf(isa) >= 0 && isaRank.indexOf(isa) < isaRank.indexOf(nativeIsa)) {
      columns.push({ name: `${cap} (${isa})`, isa, env: { DNNL_MAX_CPU_ISA: cap } });
    } else {
      console.error(`zoo_table.js: DNNL_MAX_CPU_ISA=${cap} runs ${isa} here, the native ISA: column left out`);
    }
  }

  const cell = {}; // cell[case][threads][column name] = lowest median ms; 'ort' for ONNX Runtime
  const runs = {}; // runs[case][threads][column name] = runs per measurement from the second round on
  let ortVersion = '?';
  const keep = (round, c, t, key, median) => {
    if (round === 0) runs[c][t][key] = runsFor(a, median);
    const old = cell[c][t][key];
    if (old === undefined || median < old) cell[c][t][key] = median;
  };
  for (let round = 0; round < a.rounds; ++round) {
    for (const c of cases) {
      const model = path.join(a.models, c, 'model.onnx');
      if (round === 0) { cell[c] = {}; runs[c] = {}; }
      for (const t of a.threads) {
        if (round === 0) { cell[c][t] = {}; runs[c][t] = {}; }
        const runArgs = (key) => (round === 0 ? a : { ...a, runs: runs[c][t][key] });
        for (const col of columns) keep(round, c, t, col.name, engineMedian(runArgs(col.name), model, t, col.env).median);
        const o = ortMedian(runArgs('ort'), model, t);
        ortVersion = o.version;
        keep(round, c, t, 'ort', o.median);
        console.error(`round ${round + 1}/${a.rounds} ${c} threads ${t}: ${JSON.stringify(cell[c][t])}`);
      }
    }
  }

  const fmt = (x) => (x === undefined ? 'n/a' : x.toFixed(2));
  const cpu = os.cpus()[0].model;
  console.log(`Machine: ${cpu}, ${os.cpus().length} logical CPUs, oneDNN ${nativeIsa} natively; ` +
    `${new Date().toISOString()}; engine optimized mode vs ONNX Runtime ${ortVersion} (graph optimizations all), ` +
    `warm-up ${a.warmup}, ${a.runs} runs${a.minMs > 0 && a.rounds > 1 ? ` (from round 2 on at least ${a.minMs} ms ` +
      'of runs per cell)' : ''}, median ms${a.rounds > 1 ? `, lowest of ${a.rounds} rounds, rounds interleaved over ` +
      'all cells' : ''}.\n`);
  console.log(`| model | threads | ${columns.map((c) => `engine ${c.name}`).join(' | ')} | ORT native | ` +
    'engine / ORT (native) |');
  console.log(`|---|---:|${columns.map(() => '---:').join('|')}|---:|---:|`);
  for (const c of cases) {
    for (const t of a.threads) {
      const r = cell[c][t];
      console.log(`| ${c} | ${t} | ${columns.map((col) => fmt(r[col.name])).join(' | ')} | ${fmt(r.ort)} | ` +
        `${(r[columns[0].name] / r.ort).toFixed(2)}x |`);
    }
  }

  // VNNI from avx2_vnni and avx512_core_vnni upwards (bf16 and amx dispatch include it); pure avx512_core has none.
  const vnni = (isa) => isa === 'avx2_vnni' || isaRank.indexOf(isa) >= isaRank.indexOf('avx512_core_vnni');
  console.log('\n| INT8 file | threads | ISA | INT8 / engine FP32 | target | INT8 / ORT same file |');
  console.log('|---|---:|---|---:|---:|---:|');
  for (const c of cases) {
    const m = /^(.*)_int8_/.exec(c);
    if (!m) continue;
    const fp32 = cases.find((d) => d.startsWith(`${m[1]}_fp32`));
    if (!fp32) continue;
    for (const t of a.threads) {
      for (const col of columns) {
        const ratio = cell[c][t][col.name] / cell[fp32][t][col.name];
        const target = vnni(col.isa) ? 0.6 : 0.75;
        const ortRatio = col === columns[0] ? `${(cell[c][t][col.name] / cell[c][t].ort).toFixed(2)}x` : '';
        console.log(`| ${c} (vs ${fp32}) | ${t} | ${col.name} | ${ratio.toFixed(2)}x | ≤ ${target}x ` +
          `${ratio <= target ? 'met' : 'NOT met'} | ${ortRatio} |`);
      }
    }
  }
}

try { main(); } catch (e) { console.error(`zoo_table.js: ${e.message}`); process.exit(1); }
