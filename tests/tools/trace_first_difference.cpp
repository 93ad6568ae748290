// SPDX-License-Identifier: MIT
// Finds the first tensor where the engine and ONNX Runtime part ways, without changing the engine: a copy of the
// model exposes intermediate tensors as graph outputs, ONNX Runtime computes them (ort_write_outputs.js, node by
// node), the engine computes them, and the outputs are compared in the order the nodes are written.
//
//   build/bin/trace_first_difference expose MODEL_DIR OUT_DIR [--ops Op1,Op2] [--names a,b]
//   NODE_PATH=/work/ort-cache/node_modules node tests/tools/ort_write_outputs.js OUT_DIR
//   build/bin/trace_first_difference compare OUT_DIR [--mode as-written|optimized] [--limit N] [--save DIR]
//
// `expose` copies MODEL_DIR/model.onnx with the outputs of every node (or of nodes of the listed op types, or the
// listed tensors) appended to the graph outputs, typed by ONNX shape inference, and copies the stored inputs.
// `isolate` makes a one-node case of a traced node fed with ONNX Runtime's inputs (run ort_write_outputs.js and
// `compare` on it), to tell a node that computes differently from one that inherits a difference. `digest` writes the
// tests/data/exact/ files test_int8_exactness.cpp checks (see digest()). `compare` runs the copy in the engine and
// prints, per exposed tensor in node order, how many elements differ and by how much; the first line is the first
// tensor that differs. `--save` writes the engine's outputs as raw output_N.bin files. `describe` prints the nodes
// around a tensor with their constant inputs (scales, zero points).
#include <quantscope/engine/host_tensor.h>
#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/session.h>

#include <onnx/onnx_pb.h>
#include <onnx/shape_inference/implementation.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

std::set<std::string> splitList(const std::string& s)
{
    std::set<std::string> out;
    std::stringstream ss(s);
    for (std::string item; std::getline(ss, item, ',');)
        if (!item.empty())
            out.insert(item);
    return out;
}

int expose(const fs::path& caseDir, const fs::path& outDir, const std::set<std::string>& ops,
    const std::set<std::string>& names)
{
    onnx::ModelProto model;
    {
        std::ifstream in(caseDir / "model.onnx", std::ios::binary);
        if (!in || !model.ParseFromIstream(&in)) {
            std::fprintf(stderr, "%s: cannot read model.onnx\n", caseDir.string().c_str());
            return 1;
        }
    }
    // Element types of the intermediate tensors, from ONNX's own shape inference (on a copy: the written model keeps
    // its authored value_info).
    onnx::ModelProto inferred = model;
    try {
        onnx::shape_inference::InferShapes(inferred);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "shape inference: %s (continuing with what it inferred)\n", e.what());
    }
    std::map<std::string, int32_t> elemType;
    for (const auto& vi : inferred.graph().value_info())
        if (vi.type().has_tensor_type())
            elemType[vi.name()] = vi.type().tensor_type().elem_type();
    std::set<std::string> present;
    for (const auto& o : model.graph().output())
        present.insert(o.name());

    int added = 0, untyped = 0;
    auto* graph = model.mutable_graph();
    const auto nodes = graph->node(); // copy: the loop appends outputs, not nodes
    for (const auto& n : nodes) {
        if (n.op_type() == "Constant")
            continue;
        if (!ops.empty() && !ops.count(n.op_type()))
            continue;
        for (const auto& out : n.output()) {
            if (out.empty() || present.count(out) || (!names.empty() && !names.count(out)))
                continue;
            const auto t = elemType.find(out);
            if (t == elemType.end() || t->second == onnx::TensorProto::UNDEFINED) {
                ++untyped;
                continue;
            }
            auto* o = graph->add_output();
            o->set_name(out);
            o->mutable_type()->mutable_tensor_type()->set_elem_type(t->second);
            present.insert(out);
            ++added;
        }
    }
    fs::create_directories(outDir / "test_data_set_0");
    {
        std::ofstream os(outDir / "model.onnx", std::ios::binary);
        if (!model.SerializeToOstream(&os)) {
            std::fprintf(stderr, "cannot write %s\n", (outDir / "model.onnx").string().c_str());
            return 1;
        }
    }
    for (const auto& e : fs::directory_iterator(caseDir / "test_data_set_0"))
        if (e.path().filename().string().rfind("input_", 0) == 0)
            fs::copy_file(
                e.path(), outDir / "test_data_set_0" / e.path().filename(), fs::copy_options::overwrite_existing);
    std::printf("%d tensors exposed (%d without an inferred type left out), %d outputs in all\n", added, untyped,
        graph->output_size());
    return 0;
}

int compare(const fs::path& dir, qs::ExecutionMode mode, int limit, const fs::path& saveDir)
{
    auto model = qs::loadModel(dir / "model.onnx");
    if (!model) {
        std::fprintf(stderr, "%s\n", model.status().toString().c_str());
        return 1;
    }
    const qs::Graph& g = (*model)->graph();
    qs::SessionOptions options;
    options.mode = mode;
    auto session = qs::Session::create(*model, options);
    if (!session) {
        std::fprintf(stderr, "%s\n", session.status().toString().c_str());
        return 1;
    }
    std::vector<qs::HostTensor> inputs;
    for (size_t i = 0; i < (*session)->inputs().size(); ++i) {
        auto t = qs::loadTensorFile(dir / "test_data_set_0" / ("input_" + std::to_string(i) + ".pb"));
        if (!t) {
            std::fprintf(stderr, "%s\n", t.status().toString().c_str());
            return 1;
        }
        inputs.push_back(std::move(qs::HostTensor::fromTensor(*t)).value());
    }
    auto outputs = (*session)->run(inputs);
    if (!outputs) {
        std::fprintf(stderr, "%s\n", outputs.status().toString().c_str());
        return 1;
    }
    int shown = 0, differing = 0;
    for (size_t o = 0; o < outputs->size(); ++o) {
        const std::string& name = (*session)->outputs()[o].name;
        auto want = qs::loadTensorFile(dir / "test_data_set_0" / ("output_" + std::to_string(o) + ".pb"));
        if (!want) {
            std::fprintf(stderr, "output %zu (%s): %s\n", o, name.c_str(), want.status().toString().c_str());
            return 1;
        }
        const qs::HostTensor& got = (*outputs)[o];
        if (!saveDir.empty()) {
            // Raw little-endian elements, for looking at single values beside ONNX Runtime's .pb.
            fs::create_directories(saveDir);
            std::ofstream(saveDir / ("output_" + std::to_string(o) + ".bin"), std::ios::binary)
                .write(static_cast<const char*>(got.rawData()), static_cast<std::streamsize>(got.byteSize()));
        }
        std::string op = "?", node = "?";
        for (qs::ValueId v : g.outputs())
            if (g.value(v).name == name && g.producer(v) != qs::kNoNode) {
                op = g.node(g.producer(v)).opType;
                node = g.node(g.producer(v)).name;
            }
        if (got.elementCount() != want->elementCount()) {
            std::printf("%4zu %-40s %-22s %s: %lld elements, expected %lld\n", o, name.c_str(), op.c_str(),
                node.c_str(), static_cast<long long>(got.elementCount()), static_cast<long long>(want->elementCount()));
            continue;
        }
        int64_t bad = 0, first = -1;
        double maxAbs = 0.0;
        for (int64_t i = 0; i < got.elementCount(); ++i) {
            const double a = got.valueAsDouble(i), b = want->valueAsDouble(i);
            if (a != b && !(std::isnan(a) && std::isnan(b))) {
                if (++bad == 1)
                    first = i;
                maxAbs = std::max(maxAbs, std::fabs(a - b));
            }
        }
        if (!bad)
            continue;
        ++differing;
        if (shown++ < limit)
            std::printf("%4zu %-40s %-22s %-30s %lld/%lld differ, max %.9g, first [%lld] %.9g vs ORT %.9g\n", o,
                name.c_str(), op.c_str(), node.c_str(), static_cast<long long>(bad),
                static_cast<long long>(got.elementCount()), maxAbs, static_cast<long long>(first),
                got.valueAsDouble(first), want->valueAsDouble(first));
    }
    std::printf("%d of %zu outputs differ (%s)\n", differing, outputs->size(),
        std::string(qs::executionModeName(mode)).c_str());
    return 0;
}

/// A scalar (or the first element) of a TensorProto, as double; NaN when it holds none.
double firstValue(const onnx::TensorProto& t)
{
    const std::string& raw = t.raw_data();
    switch (t.data_type()) {
    case onnx::TensorProto::FLOAT:
        if (raw.size() >= 4) {
            float f;
            std::memcpy(&f, raw.data(), 4);
            return f;
        }
        return t.float_data_size() ? t.float_data(0) : std::nan("");
    case onnx::TensorProto::UINT8:
        return raw.empty() ? (t.int32_data_size() ? t.int32_data(0) : std::nan("")) : double(uint8_t(raw[0]));
    case onnx::TensorProto::INT8:
        return raw.empty() ? (t.int32_data_size() ? t.int32_data(0) : std::nan("")) : double(int8_t(raw[0]));
    default:
        return std::nan("");
    }
}

/// Prints the nodes that read or write `tensor`, with the first value of each constant input, so the scale and
/// zero point of a QuantizeLinear can be read off.
int describe(const fs::path& caseDir, const std::string& tensor)
{
    onnx::ModelProto model;
    std::ifstream in(caseDir / "model.onnx", std::ios::binary);
    if (!in || !model.ParseFromIstream(&in))
        return 1;
    std::map<std::string, double> constants;
    for (const auto& t : model.graph().initializer())
        constants[t.name()] = firstValue(t);
    for (const auto& n : model.graph().node())
        if (n.op_type() == "Constant" && n.output_size() == 1)
            for (const auto& a : n.attribute())
                if (a.name() == "value")
                    constants[n.output(0)] = firstValue(a.t());
    for (const auto& n : model.graph().node()) {
        bool touches = false;
        for (const auto& v : n.input())
            touches |= v == tensor;
        for (const auto& v : n.output())
            touches |= v == tensor;
        if (!touches)
            continue;
        std::printf("%s (%s):", n.name().c_str(), n.op_type().c_str());
        for (const auto& v : n.input()) {
            const auto c = constants.find(v);
            if (c != constants.end())
                std::printf(" %s=%.9g", v.c_str(), c->second);
            else
                std::printf(" %s", v.c_str());
        }
        std::printf(" ->");
        for (const auto& v : n.output())
            std::printf(" %s", v.c_str());
        std::printf("\n");
    }
    return 0;
}

/// One node of a traced case on its own: its non-constant inputs become graph inputs holding what ONNX Runtime
/// computed for them (TRACE_DIR's outputs), its constant inputs initializers. Running that case in both tells
/// whether the node itself computes differently or only inherits a difference.
int isolate(const fs::path& traceDir, const std::string& nodeName, const fs::path& outDir)
{
    onnx::ModelProto model;
    std::ifstream in(traceDir / "model.onnx", std::ios::binary);
    if (!in || !model.ParseFromIstream(&in))
        return 1;
    std::map<std::string, int> outputIndex;
    std::map<std::string, const onnx::TypeProto*> outputType;
    for (int i = 0; i < model.graph().output_size(); ++i) {
        outputIndex[model.graph().output(i).name()] = i;
        outputType[model.graph().output(i).name()] = &model.graph().output(i).type();
    }
    std::map<std::string, const onnx::TensorProto*> constants;
    for (const auto& t : model.graph().initializer())
        constants[t.name()] = &t;
    for (const auto& n : model.graph().node())
        if (n.op_type() == "Constant" && n.output_size() == 1 && n.attribute_size() == 1 && n.attribute(0).has_t())
            constants[n.output(0)] = &n.attribute(0).t();
    const onnx::NodeProto* node = nullptr;
    for (const auto& n : model.graph().node())
        if (n.name() == nodeName)
            node = &n;
    if (!node) {
        std::fprintf(stderr, "no node '%s'\n", nodeName.c_str());
        return 1;
    }
    onnx::ModelProto one;
    *one.mutable_opset_import() = model.opset_import();
    one.set_ir_version(model.ir_version());
    auto* g = one.mutable_graph();
    g->set_name("isolated");
    *g->add_node() = *node;
    fs::create_directories(outDir / "test_data_set_0");
    int inputs = 0;
    std::set<std::string> seen;
    for (const auto& v : node->input()) {
        if (v.empty() || !seen.insert(v).second)
            continue;
        if (const auto c = constants.find(v); c != constants.end()) {
            *g->add_initializer() = *c->second;
            g->mutable_initializer(g->initializer_size() - 1)->set_name(v);
            continue;
        }
        const auto idx = outputIndex.find(v);
        if (idx == outputIndex.end()) {
            std::fprintf(stderr, "input '%s' is neither a constant nor a traced tensor\n", v.c_str());
            return 1;
        }
        auto t = qs::loadTensorFile(traceDir / "test_data_set_0" / ("output_" + std::to_string(idx->second) + ".pb"));
        if (!t)
            return 1;
        auto* gi = g->add_input();
        gi->set_name(v);
        auto* tt = gi->mutable_type()->mutable_tensor_type();
        tt->set_elem_type(outputType.at(v)->tensor_type().elem_type());
        for (int64_t d : t->dims())
            tt->mutable_shape()->add_dim()->set_dim_value(d);
        fs::copy_file(traceDir / "test_data_set_0" / ("output_" + std::to_string(idx->second) + ".pb"),
            outDir / "test_data_set_0" / ("input_" + std::to_string(inputs++) + ".pb"),
            fs::copy_options::overwrite_existing);
    }
    for (const auto& v : node->output()) {
        auto* go = g->add_output();
        go->set_name(v);
        if (outputType.count(v))
            *go->mutable_type() = *outputType.at(v);
    }
    std::ofstream os(outDir / "model.onnx", std::ios::binary);
    return one.SerializeToOstream(&os) ? 0 : 1;
}

uint64_t fnv1a(const void* data, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; ++i)
        h = (h ^ static_cast<const uint8_t*>(data)[i]) * 1099511628211ull;
    return h;
}

/// After `compare --save DIR/engine`: one line per quantized tensor (QuantizeLinear or DynamicQuantizeLinear
/// output), in node order, up to and including the first that differs: name, elements, FNV-1a of ONNX Runtime's
/// bytes; the differing one also names the quantizer's input and scale and lists, per differing element, its index,
/// ONNX Runtime's value and ONNX Runtime's x / scale (float division, as QuantizeLinear computes it). The digest of
/// tests/data/exact/ for test_int8_exactness.cpp.
int digest(const fs::path& dir)
{
    onnx::ModelProto model;
    std::ifstream in(dir / "model.onnx", std::ios::binary);
    if (!in || !model.ParseFromIstream(&in))
        return 1;
    std::map<std::string, const onnx::NodeProto*> producer;
    for (const auto& n : model.graph().node())
        for (const auto& o : n.output())
            producer[o] = &n;
    std::map<std::string, int> index;
    for (int i = 0; i < model.graph().output_size(); ++i)
        index[model.graph().output(i).name()] = i;
    auto load = [&](const std::string& name) {
        return qs::loadTensorFile(dir / "test_data_set_0" / ("output_" + std::to_string(index.at(name)) + ".pb"));
    };
    for (int i = 0; i < model.graph().output_size(); ++i) {
        const std::string& name = model.graph().output(i).name();
        const auto p = producer.find(name);
        if (p == producer.end() || p->second->output(0) != name
            || (p->second->op_type() != "QuantizeLinear" && p->second->op_type() != "DynamicQuantizeLinear"))
            continue;
        auto ort = load(name);
        if (!ort)
            return 1;
        const auto ortHost = std::move(qs::HostTensor::fromTensor(*ort)).value();
        std::vector<char> mine(ortHost.byteSize());
        std::ifstream(dir / "engine" / ("output_" + std::to_string(i) + ".bin"), std::ios::binary)
            .read(mine.data(), static_cast<std::streamsize>(mine.size()));
        std::printf("%s\t%lld\t%016llx", name.c_str(), static_cast<long long>(ortHost.elementCount()),
            static_cast<unsigned long long>(fnv1a(ortHost.rawData(), ortHost.byteSize())));
        if (std::memcmp(mine.data(), ortHost.rawData(), mine.size()) == 0) {
            std::printf("\n");
            continue;
        }
        const onnx::NodeProto& q = *p->second;
        const std::string scale = q.op_type() == "QuantizeLinear" ? q.input(1) : q.output(1);
        auto x = load(q.input(0));
        if (!x)
            return 1;
        const auto xHost = std::move(qs::HostTensor::fromTensor(*x)).value();
        double scaleValue = 0.0;
        if (index.count(scale))
            scaleValue = load(scale)->valueAsDouble(0);
        else
            for (const auto& n : model.graph().node())
                if (n.op_type() == "Constant" && n.output(0) == scale)
                    scaleValue = firstValue(n.attribute(0).t());
        std::printf("\t%s\t%s\t", q.input(0).c_str(), scale.c_str());
        const size_t width = qs::dataTypeSize(ortHost.dataType());
        for (size_t e = 0; e < mine.size(); e += width)
            if (std::memcmp(mine.data() + e, static_cast<const char*>(ortHost.rawData()) + e, width) != 0)
                std::printf("%zu:%g:%.9g ", e / width, ortHost.valueAsDouble(int64_t(e / width)),
                    double(float(xHost.valueAsDouble(int64_t(e / width))) / float(scaleValue)));
        std::printf("\n");
        break;
    }
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    const std::vector<std::string> args(argv + 1, argv + argc);
    auto option = [&](const char* flag) -> std::string {
        for (size_t i = 0; i + 1 < args.size(); ++i)
            if (args[i] == flag)
                return args[i + 1];
        return {};
    };
    if (args.size() >= 3 && args[0] == "expose")
        return expose(args[1], args[2], splitList(option("--ops")), splitList(option("--names")));
    if (args.size() == 4 && args[0] == "isolate")
        return isolate(args[1], args[2], args[3]);
    if (args.size() == 2 && args[0] == "digest")
        return digest(args[1]);
    if (args.size() == 3 && args[0] == "describe")
        return describe(args[1], args[2]);
    if (args.size() >= 2 && args[0] == "compare") {
        const std::string limit = option("--limit");
        return compare(args[1], qs::parseExecutionMode(option("--mode")).value_or(qs::ExecutionMode::AsWritten),
            limit.empty() ? 20 : std::stoi(limit), option("--save"));
    }
    std::fprintf(stderr,
        "usage: trace_first_difference expose MODEL_DIR OUT_DIR [--ops A,B] [--names a,b]\n"
        "       trace_first_difference compare OUT_DIR [--mode as-written|optimized] [--limit N] [--save DIR]\n"
        "       trace_first_difference describe MODEL_DIR TENSOR\n"
        "       trace_first_difference digest OUT_DIR   (after compare --save OUT_DIR/engine)\n"
        "       trace_first_difference isolate OUT_DIR NODE_NAME CASE_DIR\n");
    return 2;
}
