# SPDX-License-Identifier: MIT
# A FAKE onnxruntime for testing ort_adapter.py's protocol handling where the real package cannot be installed.
# It implements only the API surface the adapter uses, with the names and types of onnxruntime's Python API, and
# "runs" one known model: tests/data/valid/add_relu.onnx, y = Relu(x + [0.5, -1, 2, 0.25]) for x: float[1, 4].
# Any other existing file fails like ONNX Runtime does for an operator it has no kernel for; a missing file fails
# with ONNX Runtime's NO_SUCHFILE message. Profiling writes a Chrome trace in ONNX Runtime's layout.
import json
import os
import time

import numpy

__version__ = "0.0.0-fake"

_W = numpy.array([[0.5, -1.0, 2.0, 0.25]], dtype=numpy.float32)


def get_available_providers():
    return ["CPUExecutionProvider"]


class GraphOptimizationLevel:
    ORT_DISABLE_ALL = 0
    ORT_ENABLE_BASIC = 1
    ORT_ENABLE_EXTENDED = 2
    ORT_ENABLE_ALL = 99


class ExecutionMode:
    ORT_SEQUENTIAL = 0
    ORT_PARALLEL = 1


class SessionOptions:
    def __init__(self):
        self.intra_op_num_threads = 0
        self.inter_op_num_threads = 0
        self.execution_mode = ExecutionMode.ORT_SEQUENTIAL
        self.graph_optimization_level = GraphOptimizationLevel.ORT_ENABLE_ALL
        self.enable_profiling = False
        self.profile_file_prefix = "onnxruntime_profile_"


class NodeArg:
    def __init__(self, name, type_, shape):
        self.name, self.type, self.shape = name, type_, shape


class InferenceSession:
    def __init__(self, path, sess_options=None, providers=None):
        if not os.path.exists(path):
            raise RuntimeError("[ONNXRuntimeError] : 3 : NO_SUCHFILE : Load model from %s failed:"
                               "Load model %s failed. File doesn't exist" % (path, path))
        if os.path.basename(path) != "add_relu.onnx":
            raise RuntimeError("[ONNXRuntimeError] : 9 : NOT_IMPLEMENTED : Could not find an implementation for "
                               "the model's nodes (fake onnxruntime knows only add_relu.onnx)")
        self._options = sess_options or SessionOptions()
        self._events = []
        self._start_us = time.perf_counter() * 1e6

    def get_inputs(self):
        return [NodeArg("x", "tensor(float)", [1, 4])]

    def get_outputs(self):
        return [NodeArg("y", "tensor(float)", [1, 4])]

    def get_providers(self):
        return ["CPUExecutionProvider"]

    def run(self, output_names, feeds):
        x = feeds["x"]
        if x.dtype != numpy.float32 or list(x.shape) != [1, 4]:
            raise RuntimeError("[ONNXRuntimeError] : 2 : INVALID_ARGUMENT : Got invalid dimensions for input: x")
        t0 = time.perf_counter() * 1e6 - self._start_us
        h = x + _W
        t1 = time.perf_counter() * 1e6 - self._start_us
        y = numpy.maximum(h, numpy.float32(0))
        t2 = time.perf_counter() * 1e6 - self._start_us
        if self._options.enable_profiling:
            ts, add_dur, relu_dur = int(t0), max(1, int(t1 - t0)), max(1, int(t2 - t1))
            self._events += [
                {"cat": "Node", "name": "add_kernel_time", "ts": ts + 1, "dur": add_dur, "args": {"op_name": "Add"}},
                {"cat": "Node", "name": "relu_kernel_time", "ts": ts + 2 + add_dur, "dur": relu_dur,
                 "args": {"op_name": "Relu"}},
                {"cat": "Session", "name": "model_run", "ts": ts, "dur": add_dur + relu_dur + 4, "args": {}},
            ]
        return [y]

    def end_profiling(self):
        path = "%s_fake.json" % self._options.profile_file_prefix
        with open(path, "w") as f:
            json.dump(self._events, f)
        return path
