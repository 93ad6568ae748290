#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Quantscope's adapter for Python's onnxruntime: answers the line-delimited JSON protocol of PROTOCOL.md on
# stdin/stdout. Needs onnxruntime and numpy (which onnxruntime itself requires).
# Not verified against a real onnxruntime installation on Quantscope's build machines (PyPI cannot be reached
# there); its protocol handling is tested against a fake onnxruntime module (tests/data/fake_onnxruntime).
import base64
import json
import platform
import resource
import sys
import time

import numpy
import onnxruntime as ort

ORT_TYPES = {  # NodeArg.type -> the protocol's element type names (ONNX Runtime's JavaScript names)
    "tensor(float)": "float32", "tensor(double)": "float64", "tensor(float16)": "float16",
    "tensor(int8)": "int8", "tensor(uint8)": "uint8", "tensor(int16)": "int16", "tensor(uint16)": "uint16",
    "tensor(int32)": "int32", "tensor(uint32)": "uint32", "tensor(int64)": "int64", "tensor(uint64)": "uint64",
    "tensor(bool)": "bool",
}
OPT_LEVELS = {
    "disabled": ort.GraphOptimizationLevel.ORT_DISABLE_ALL,
    "basic": ort.GraphOptimizationLevel.ORT_ENABLE_BASIC,
    "extended": ort.GraphOptimizationLevel.ORT_ENABLE_EXTENDED,
    "all": ort.GraphOptimizationLevel.ORT_ENABLE_ALL,
}

state = {"session": None, "options": None, "feeds": None, "profile": False}


def io_list(args):
    return [{"name": a.name, "type": ORT_TYPES.get(a.type, a.type),
             "shape": None if a.shape is None else [d if isinstance(d, int) and d >= 0 else None for d in a.shape]}
            for a in args]


def decode(t):
    dtype = numpy.dtype("bool" if t["type"] == "bool" else t["type"]).newbyteorder("<")
    return numpy.frombuffer(base64.b64decode(t["data"]), dtype=dtype).reshape(t["dims"])


def encode(name, a):
    a = numpy.ascontiguousarray(a)
    return {"name": name, "type": "bool" if a.dtype == numpy.bool_ else a.dtype.name, "dims": list(a.shape),
            "data": base64.b64encode(a.astype(a.dtype.newbyteorder("<"), copy=False).tobytes()).decode("ascii")}


def op_hello(req):
    return {"protocol": 1, "runtime": "onnxruntime", "runtimeVersion": ort.__version__, "adapter": "python",
            "host": "python " + platform.python_version(), "providers": list(ort.get_available_providers())}


def op_load(req):
    level = req.get("graphOptimizationLevel", "all")
    if level not in OPT_LEVELS:
        raise ValueError("unknown graphOptimizationLevel '%s'" % level)
    so = ort.SessionOptions()
    so.intra_op_num_threads = int(req.get("intraOpThreads", 1))
    so.inter_op_num_threads = int(req.get("interOpThreads", 1))
    so.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    so.graph_optimization_level = OPT_LEVELS[level]
    profile = bool(req.get("profile", False))
    if profile:
        so.enable_profiling = True
        so.profile_file_prefix = "%s/ort_profile_%d_%d" % (req.get("profileDir", "."), id(so), int(time.time() * 1000))
    state["session"] = state["feeds"] = None
    t0 = time.perf_counter()
    session = ort.InferenceSession(req["model"], sess_options=so, providers=["CPUExecutionProvider"])
    load_ms = (time.perf_counter() - t0) * 1000.0
    state.update(session=session, profile=profile)
    options = {"intraOpThreads": so.intra_op_num_threads, "interOpThreads": so.inter_op_num_threads,
               "graphOptimizationLevel": level, "executionProviders": list(session.get_providers()),
               "profile": profile}
    return {"inputs": io_list(session.get_inputs()), "outputs": io_list(session.get_outputs()),
            "sessionOptions": options, "loadMs": load_ms}


def op_set_inputs(req):
    session = state["session"]
    if session is None:
        raise RuntimeError("setInputs before load")
    names = {a.name for a in session.get_inputs()}
    feeds = {}
    for t in req.get("inputs", []):
        if t["name"] not in names:
            raise ValueError("the model has no input '%s'" % t["name"])
        feeds[t["name"]] = decode(t)
    state["feeds"] = feeds
    return {}


def op_run(req):
    session, feeds = state["session"], state["feeds"]
    if session is None or feeds is None:
        raise RuntimeError("run before load and setInputs")
    t0 = time.perf_counter()
    results = session.run(None, feeds)
    out = {"ms": (time.perf_counter() - t0) * 1000.0,
           "peakRssBytes": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024}
    if req.get("returnOutputs"):
        out["outputs"] = [encode(a.name, r) for a, r in zip(session.get_outputs(), results)]
    return out


def op_end_profiling(req):
    if state["session"] is None or not state["profile"]:
        raise RuntimeError("endProfiling without a profiling session")
    return {"profileFile": state["session"].end_profiling()}


OPS = {"hello": op_hello, "load": op_load, "setInputs": op_set_inputs, "run": op_run,
       "endProfiling": op_end_profiling, "quit": lambda req: {}}


def reply(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
            if not isinstance(req, dict) or not isinstance(req.get("op"), str):
                raise ValueError('no "op"')
        except ValueError as e:
            reply({"id": None, "ok": False, "error": "malformed request: %s" % e})
            continue
        op = OPS.get(req["op"])
        if op is None:
            reply({"id": req.get("id"), "ok": False, "error": "unknown op '%s'" % req["op"]})
            continue
        try:
            result = op(req)
            reply(dict({"id": req.get("id"), "ok": True}, **result))
        except Exception as e:  # the runtime's own message reaches the user
            reply({"id": req.get("id"), "ok": False, "error": str(e) or type(e).__name__})
        if req["op"] == "quit":
            return


if __name__ == "__main__":
    main()
