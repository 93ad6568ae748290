#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Validates the deployment-target tables in resources/targets (see resources/targets/README.md).

Usage: check_targets_data.py DIR

Every *.json file in DIR is checked against the schema (required fields, allowed values, ordered and
non-overlapping version ranges, known element type names, one entry per operator), and then facts read from the
sources are asserted, so that a data update that silently loses one of them fails here instead of in a diagnosis.
Prints one line per failure, then 'N passed, M failed'; exits 1 when anything failed, 2 on bad usage.
"""
import json
import os
import re
import sys

SCHEMA_VERSION = 1
KINDS = {"kernel-table", "reduced-build-list", "ep-support-list", "parser-support-list"}
NODE_OUTCOMES = {"no-kernel-load-fails", "falls-back-to-cpu", "fails"}
UNLISTED = {"no-kernel", "falls-back-to-cpu", "unsupported", "unknown"}
VERSION_SEMANTICS = {"op-since-version", "model-opset", "implemented-op-versions", "none"}
VERSION_MATCH = {"exact", "approximate", "unknown"}
# ONNX element type names as the tables spell them (TensorProto.DataType names in lower case, without 'tensor()').
BASE_TYPES = {
    "bool", "string", "float", "double", "float16", "bfloat16",
    "int2", "int4", "int8", "int16", "int32", "int64", "uint2", "uint4", "uint8", "uint16", "uint32", "uint64",
    "float8e4m3fn", "float8e4m3fnuz", "float8e5m2", "float8e5m2fnuz", "float8e8m0", "float4e2m1",
    "complex64", "complex128",
}
REQUIRED_TABLE = {
    "schema_version": int, "id": str, "title": str, "kind": str, "runtime": dict, "source": dict,
    "version_semantics": str, "unsupported_node": str, "unlisted_op": str, "unmatched_version_or_type": str,
    "notes": list, "operators": list,
}
REQUIRED_SOURCE = ("document", "repository", "path", "revision", "revision_date", "read_on")


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL: " + what)
        return ok


def known_type(name):
    # Sequence, optional, sparse and map types wrap base types, e.g. optional(seq(tensor(float))) or
    # map(int64,tensor(float)); accept them only when every leaf is a known base type.
    name = name.strip()
    if name in BASE_TYPES:
        return True
    m = re.fullmatch(r"(seq|optional|tensor|sparse_tensor)\((.*)\)", name)
    if m:
        return known_type(m.group(2))
    m = re.fullmatch(r"map\((\w+),(.*)\)", name)
    if m:
        return m.group(1) in BASE_TYPES and known_type(m.group(2))
    return False


def check_operator(c, where, e, semantics):
    ok = c.check(isinstance(e, dict), where + ": entry is not an object")
    if not ok:
        return
    c.check(isinstance(e.get("domain"), str) and e.get("domain"), where + ": missing domain")
    c.check(isinstance(e.get("op"), str) and re.fullmatch(r"[A-Za-z]\w*", e.get("op", "")),
            where + ": missing or malformed op")
    c.check(isinstance(e.get("supported"), bool), where + ": 'supported' must be true or false")
    versions = e.get("versions")
    if versions is None:
        return
    if not c.check(isinstance(versions, list) and versions, where + ": versions must be null or a non-empty list"):
        return
    spans = []
    for i, v in enumerate(versions):
        at = "%s versions[%d]" % (where, i)
        since, until = v.get("since"), v.get("until")
        c.check(isinstance(since, int) and since >= 1, at + ": since must be an integer >= 1")
        c.check(until is None or (isinstance(until, int) and isinstance(since, int) and until >= since),
                at + ": until must be null or >= since (got since=%r until=%r)" % (since, until))
        types = v.get("types")
        if types is not None:
            if c.check(isinstance(types, dict), at + ": types must be null or an object"):
                for param, names in types.items():
                    c.check(isinstance(names, list) and names, at + ": type parameter %s has no types" % param)
                    for n in names if isinstance(names, list) else []:
                        c.check(known_type(n), at + ": unknown type name %r for %s" % (n, param))
        if isinstance(since, int):
            spans.append((since, until if isinstance(until, int) else 10 ** 9))
    # Rows of one operator must not overlap: a node's version would otherwise match two rows.
    if semantics == "op-since-version":
        spans.sort()
        for a, b in zip(spans, spans[1:]):
            c.check(a[1] < b[0], where + ": version ranges %r and %r overlap" % (a, b))


def check_table(c, path, t):
    name = os.path.basename(path)
    for key, kind in REQUIRED_TABLE.items():
        if not c.check(isinstance(t.get(key), kind), "%s: field %r missing or not %s" % (name, key, kind.__name__)):
            return False
    c.check(t["schema_version"] == SCHEMA_VERSION, "%s: schema_version %r, expected %d"
            % (name, t["schema_version"], SCHEMA_VERSION))
    c.check(name == t["id"] + ".json", "%s: id %r does not match the file name" % (name, t["id"]))
    c.check(t["kind"] in KINDS, "%s: kind %r not one of %s" % (name, t["kind"], sorted(KINDS)))
    c.check(t["unsupported_node"] in NODE_OUTCOMES, "%s: unsupported_node %r" % (name, t["unsupported_node"]))
    c.check(t["unlisted_op"] in UNLISTED, "%s: unlisted_op %r" % (name, t["unlisted_op"]))
    c.check(t["unmatched_version_or_type"] in UNLISTED,
            "%s: unmatched_version_or_type %r" % (name, t["unmatched_version_or_type"]))
    c.check(t["version_semantics"] in VERSION_SEMANTICS, "%s: version_semantics %r" % (name, t["version_semantics"]))
    rt = t["runtime"]
    for key in ("name", "version", "version_match"):
        c.check(isinstance(rt.get(key), str) and rt.get(key), "%s: runtime.%s missing" % (name, key))
    c.check(rt.get("version_match") in VERSION_MATCH, "%s: runtime.version_match %r" % (name, rt.get("version_match")))
    for key in REQUIRED_SOURCE:
        c.check(isinstance(t["source"].get(key), str) and t["source"].get(key), "%s: source.%s missing" % (name, key))
    c.check(re.fullmatch(r"\d{4}-\d{2}-\d{2}", t["source"].get("read_on", "")) is not None,
            "%s: source.read_on must be a YYYY-MM-DD date" % name)
    # 'no-kernel' for an unlisted operator is a strong claim: only a list that is the whole build may make it.
    if t["unlisted_op"] == "no-kernel":
        c.check(t["kind"] in ("kernel-table", "reduced-build-list"),
                "%s: unlisted_op no-kernel needs a complete kernel list (kind %r)" % (name, t["kind"]))
    rng = t.get("model_opset_range")
    if rng is not None:
        c.check(isinstance(rng.get("min"), int) and isinstance(rng.get("max"), int) and rng["min"] <= rng["max"],
                "%s: model_opset_range must have integer min <= max" % name)
    allowed = t.get("allowed_types", "unknown")
    if allowed != "unknown":
        for n in allowed:
            c.check(known_type(n), "%s: unknown type name %r in allowed_types" % (name, n))
    seen = set()
    for i, e in enumerate(t["operators"]):
        where = "%s operators[%d] (%s)" % (name, i, e.get("op") if isinstance(e, dict) else "?")
        check_operator(c, where, e, t["version_semantics"])
        if isinstance(e, dict):
            key = (e.get("domain"), e.get("op"))
            c.check(key not in seen, "%s: duplicate entry for %s:%s" % (where, key[0], key[1]))
            seen.add(key)
            for n in e.get("types") or []:
                c.check(known_type(n), "%s: unknown type name %r" % (where, n))
    c.check(len(t["operators"]) > 0, "%s: no operators" % name)
    return True


def find(t, domain, op):
    for e in t["operators"]:
        if e.get("op") == op and e.get("domain") in (domain, "*"):
            return e
    return None


def check_facts(c, tables):
    # Facts read from the sources (see resources/targets/README.md for where each comes from).
    def table(tid):
        t = tables.get(tid)
        c.check(t is not None, "table %s.json is missing" % tid)
        return t

    cpu = table("onnxruntime-cpu")
    if cpu:
        ci = find(cpu, "ai.onnx", "ConvInteger")
        if c.check(ci is not None and ci["supported"], "CPU: ConvInteger kernel missing"):
            rows = ci.get("versions") or []
            c.check(len(rows) == 1 and rows[0].get("since") == 10 and rows[0].get("until") is None,
                    "CPU: ConvInteger should be registered from version 10 on, got %r" % rows)
            types = rows[0].get("types") if rows else None
            c.check(types == {"T1": ["int8", "uint8"], "T2": ["int8", "uint8"], "T3": ["int32"]},
                    "CPU: ConvInteger types should be T1,T2 in {int8,uint8}, T3 int32; got %r" % types)
            c.check(any("per-tensor" in s or "Non per-tensor" in s for s in ci.get("constraints", [])),
                    "CPU: ConvInteger per-tensor zero point restriction missing")
        qc = find(cpu, "ai.onnx", "QLinearConv")
        c.check(qc is not None and qc["supported"] and (qc.get("versions") or [{}])[0].get("since") == 10,
                "CPU: QLinearConv (ai.onnx, from version 10) missing")
        c.check(find(cpu, "com.microsoft", "QLinearConv") is not None, "CPU: com.microsoft QLinearConv missing")
        for op in ("QuantizeLinear", "DequantizeLinear", "DynamicQuantizeLinear", "MatMulInteger", "QLinearMatMul",
                   "Conv", "Gemm", "MatMul", "Relu", "Softmax", "LayerNormalization", "Resize", "Transpose"):
            c.check(find(cpu, "ai.onnx", op) is not None, "CPU: ai.onnx %s missing" % op)
        for op in ("DynamicQuantizeMatMul", "MatMulIntegerToFloat", "QGemm", "QLinearAdd", "QLinearMul"):
            c.check(find(cpu, "com.microsoft", op) is not None, "CPU: com.microsoft %s missing" % op)
        # The document omits kernels without type constraints, so an absent operator must not read as 'no kernel'.
        c.check(cpu["unlisted_op"] == "unknown", "CPU: unlisted_op must be unknown (the document is not complete)")
    for tid in ("onnxruntime-coreml-mlprogram", "onnxruntime-coreml-neuralnetwork"):
        t = table(tid)
        if t:
            c.check(find(t, "ai.onnx", "ConvInteger") is None, "%s: ConvInteger must not be a supported operator" % tid)
            c.check(find(t, "ai.onnx", "Conv") is not None, "%s: Conv should be supported" % tid)
            c.check(t["unsupported_node"] == "falls-back-to-cpu", "%s: unsupported nodes fall back to CPU" % tid)
    mob = table("onnxruntime-mobile-1.18")
    if mob:
        c.check(mob.get("model_formats") == [".ort"], "mobile 1.18: must load only .ort files, got %r"
                % mob.get("model_formats"))
        c.check(mob["runtime"].get("version") == "1.18.0", "mobile: table must be the 1.18.0 package")
        c.check(find(mob, "ai.onnx", "ConvInteger") is None, "mobile 1.18: ConvInteger is not in the package")
        c.check(find(mob, "ai.onnx", "QLinearConv") is not None, "mobile 1.18: QLinearConv is in the package")
        c.check(mob["unlisted_op"] == "no-kernel", "mobile 1.18: unlisted operators have no kernel")
    nnapi = table("onnxruntime-nnapi")
    if nnapi:
        c.check(find(nnapi, "ai.onnx", "QLinearConv") is not None, "NNAPI: QLinearConv is supported")
        c.check(find(nnapi, "ai.onnx", "ConvInteger") is None, "NNAPI: ConvInteger is not supported")
    xnn = table("onnxruntime-xnnpack")
    if xnn:
        c.check(find(xnn, "ai.onnx", "QLinearConv") is not None, "XNNPACK: QLinearConv is supported")
    qnn = table("onnxruntime-qnn")
    if qnn:
        c.check(find(qnn, "ai.onnx", "ConvInteger") is None, "QNN: ConvInteger has no op builder")
        c.check(find(qnn, "ai.onnx", "DequantizeLinear") is not None, "QNN: DequantizeLinear has an op builder")
    trt = table("tensorrt-onnx-parser")
    if trt:
        e = find(trt, "ai.onnx", "ConvInteger")
        c.check(e is not None and e["supported"] is False, "TensorRT: ConvInteger is listed as not supported")
        e = find(trt, "ai.onnx", "QuantizeLinear")
        c.check(e is not None and e["supported"] is True, "TensorRT: QuantizeLinear is supported")
        c.check(trt["unsupported_node"] == "fails", "TensorRT parser alone: unsupported nodes fail")
    ov = table("openvino-onnx-frontend")
    if ov:
        e = find(ov, "ai.onnx", "ConvInteger")
        c.check(e is not None and e["supported"] and e.get("implemented_versions") == [10],
                "OpenVINO: ConvInteger version 10 is supported")
    for tid in ("onnxruntime-coreml-mlprogram", "onnxruntime-coreml-neuralnetwork", "onnxruntime-nnapi",
                "onnxruntime-xnnpack", "onnxruntime-qnn"):
        t = tables.get(tid)
        if t:
            c.check(t["unlisted_op"] == "falls-back-to-cpu", "%s: an unlisted operator falls back to CPU" % tid)


def main(argv):
    if len(argv) != 2 or not os.path.isdir(argv[1]):
        print("usage: check_targets_data.py DIR (the resources/targets folder)", file=sys.stderr)
        return 2
    c = Checks()
    tables = {}
    files = sorted(f for f in os.listdir(argv[1]) if f.endswith(".json"))
    c.check(len(files) > 0, "no .json tables in " + argv[1])
    for f in files:
        path = os.path.join(argv[1], f)
        try:
            with open(path, encoding="utf-8") as fh:
                t = json.load(fh)
        except (OSError, ValueError) as err:
            c.check(False, "%s: cannot read JSON: %s" % (f, err))
            continue
        if c.check(isinstance(t, dict), f + ": top level is not an object") and check_table(c, path, t):
            c.check(t["id"] not in tables, "%s: duplicate table id %s" % (f, t["id"]))
            tables[t["id"]] = t
    check_facts(c, tables)
    print("%d passed, %d failed" % (c.passed, c.failed))
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
