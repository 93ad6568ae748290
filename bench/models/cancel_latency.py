#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# How long can the engine not be stopped? For every model under MODELS_DIR (*/model.onnx) and both modes: the
# longest single node of a profiled run (a oneDNN primitive or one of the engine's kernels runs to its end once
# started), and the time from SIGINT to the exit of `quantscope-cli bench`, sent at a random moment of the measured
# runs. Prints a Markdown table (bench/RESULTS.md, "Cancellation").
#   python3 bench/models/cancel_latency.py build/bin/quantscope-cli ../shared/models [--isa AVX2] [--tries 3]
import argparse, glob, json, os, random, signal, subprocess, tempfile, time

ap = argparse.ArgumentParser()
ap.add_argument('cli')
ap.add_argument('models_dir')
ap.add_argument('--isa', help='DNNL_MAX_CPU_ISA for the engine, e.g. AVX2')
ap.add_argument('--tries', type=int, default=3)
ap.add_argument('--seed', type=int, default=7)
a = ap.parse_args()
random.seed(a.seed)
env = dict(os.environ)
if a.isa:
    env['DNNL_MAX_CPU_ISA'] = a.isa
run_file = os.path.join(tempfile.mkdtemp(), 'run.json')

print('| model | mode | oneDNN ISA | median run (ms) | longest node (op) | its time per call (ms) | SIGINT → exit (ms) |')
print('|---|---|---|---:|---|---:|---|')
for model in sorted(glob.glob(os.path.join(a.models_dir, '*', 'model.onnx'))):
    for mode in ('as-written', 'optimized'):
        subprocess.run([a.cli, 'bench', model, '--mode', mode, '--runs', '5', '--warmup', '1', '--profile', '--json',
                        run_file], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        s = json.load(open(run_file))['scenarios'][0]
        top = max(s['profile']['nodes'], key=lambda n: n['meanMs'])
        exits = []
        for _ in range(a.tries):
            p = subprocess.Popen([a.cli, 'bench', model, '--mode', mode, '--runs', '1000000', '--warmup', '0'], env=env,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            # Past preparation (its time from the profiled run, plus a margin), at a random point of the runs.
            time.sleep(s['prepareMs'] / 1000 + 0.5 + random.random() * 1.5)
            t0 = time.monotonic()
            p.send_signal(signal.SIGINT)
            p.wait(timeout=600)
            exits.append((time.monotonic() - t0) * 1000)
        print(f"| {os.path.basename(os.path.dirname(model))} | {mode} | {a.isa or 'native'} | {s['stats']['p50Ms']:.1f} "
              f"| `{top['nodeName']}` ({top['opType']}) | {top['meanMs']:.1f} | {', '.join(f'{x:.0f}' for x in exits)} |",
              flush=True)
