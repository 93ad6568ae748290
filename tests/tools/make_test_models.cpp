// SPDX-License-Identifier: MIT
// Writes the committed test models under tests/data:
//   malformed/  the malformed-model corpus and its table of expected errors, expected.tsv:
//               file <TAB> status code name <TAB> fragment [<TAB> fragment ...]
//               (every message must also name the file; the tests add that check)
//   valid/      tiny valid models covering loader features (subgraphs, Microsoft ops, typed fields, QDQ) and sizes
//               known only at run time
// Both folders seed the loader fuzzer; valid/ seeds the executor fuzzer too.
//
//   make_test_models DATADIR          (re)generate
//   make_test_models --check DATADIR  exit 1 if the committed files differ from what this program writes
#include "generated_files.h"
#include "onnx_builder.h"

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <string>
#include <vector>

namespace {

using namespace qs::test;
namespace fs = std::filesystem;
constexpr int32_t kFloat = onnx::TensorProto_DataType_FLOAT;

struct Case
{
    std::string file;
    std::string bytes;
    std::string code;
    std::vector<std::string> fragments;
};

/// A valid two-node model used as the base of several cases.
void baseGraph(ModelBuilder& b)
{
    b.graph().input("x", kFloat, { 1, 4 });
    b.graph().floatInitializer("w", { 1, 4 }, { 0.5f, -1.0f, 2.0f, 0.25f });
    b.graph().node("Add", { "x", "w" }, { "h" }, "add");
    b.graph().node("Relu", { "h" }, { "y" }, "relu");
    b.graph().output("y", kFloat, { 1, 4 }, true);
}

onnx::TensorProto& externalInitializer(ModelBuilder& b, const std::string& location)
{
    b.graph().input("x", kFloat, { 4 });
    auto& w = b.graph().initializer("w", kFloat, { 4 });
    w.set_data_location(onnx::TensorProto_DataLocation_EXTERNAL);
    auto* e = w.add_external_data();
    e->set_key("location");
    e->set_value(location);
    b.graph().node("Add", { "x", "w" }, { "y" }, "add");
    b.graph().output("y", kFloat);
    return w;
}

std::vector<Case> makeCases(std::map<std::string, std::string>& sideFiles)
{
    std::vector<Case> cases;
    cases.push_back({ "empty.onnx", "", "invalid model", { "the file is empty" } });
    cases.push_back({ "not_protobuf.onnx", "This is not an ONNX model, only text.\n", "invalid model",
        { "not a valid ONNX protobuf" } });
    {
        ModelBuilder b;
        baseGraph(b);
        std::vector<float> big(64, 1.0f);
        b.graph().floatInitializer("big", { 64 }, big);
        const std::string full = b.serialize();
        cases.push_back(
            { "truncated.onnx", full.substr(0, full.size() - 100), "invalid model", { "not a valid ONNX protobuf" } });
    }
    {
        ModelBuilder b;
        externalInitializer(b, "missing_weights.bin");
        cases.push_back({ "missing_external_data.onnx", b.serialize(), "not found",
            { "initializer 'w'", "missing external-data file 'missing_weights.bin'" } });
    }
    {
        ModelBuilder b;
        externalInitializer(b, "too_short_external_data.bin");
        sideFiles["too_short_external_data.bin"] = std::string(8, '\0');
        cases.push_back({ "too_short_external_data.onnx", b.serialize(), "invalid model",
            { "initializer 'w'",
                "'too_short_external_data.bin' is too short: needs 16 bytes at offset 0, file has 8" } });
    }
    {
        ModelBuilder b;
        externalInitializer(b, "../outside.bin");
        cases.push_back({ "escaping_external_data.onnx", b.serialize(), "invalid model",
            { "initializer 'w'", "'../outside.bin' must be a relative path inside the model's folder" } });
    }
    {
        ModelBuilder b;
        b.graph().input("x", kFloat, { 2 });
        b.graph().node("Add", { "x", "ghost" }, { "y" }, "add");
        b.graph().output("y", kFloat);
        cases.push_back({ "dangling_input.onnx", b.serialize(), "invalid model",
            { "node 'add' (Add)", "input 'ghost' is not produced by any node, graph input or initializer" } });
    }
    {
        // libonnx's Shape inference dereferences the type of its input unchecked: a dangling one crashed the loader
        // at opset 21 (found by fuzz_loader), so inference must be skipped and conversion report it.
        ModelBuilder b(21);
        b.graph().input("x", kFloat, { 2 });
        b.graph().node("Shape", { "ghost" }, { "y" }, "shape_of");
        b.graph().output("y", onnx::TensorProto_DataType_INT64);
        cases.push_back({ "dangling_shape_input.onnx", b.serialize(), "invalid model",
            { "node 'shape_of' (Shape)", "input 'ghost' is not produced by any node, graph input or initializer" } });
    }
    {
        ModelBuilder b;
        b.graph().input("x", kFloat, { 2 });
        b.graph().node("Add", { "x", "q_out" }, { "p_out" }, "p");
        b.graph().node("Relu", { "p_out" }, { "q_out" }, "q");
        b.graph().output("p_out", kFloat);
        cases.push_back({ "cycle.onnx", b.serialize(), "invalid model", { "has a cycle", "'p' (Add)", "'q' (Relu)" } });
    }
    {
        ModelBuilder b(13);
        b.graph().input("a", onnx::TensorProto_DataType_UINT8, { 2, 2 });
        b.graph().node("QGemm", { "a" }, { "y" }, "qg", "com.microsoft");
        b.graph().output("y", kFloat);
        cases.push_back({ "unimported_domain.onnx", b.serialize(), "invalid model",
            { "node 'qg' (com.microsoft.QGemm)", "uses domain 'com.microsoft', which the model does not import" } });
    }
    {
        ModelBuilder b(99);
        baseGraph(b);
        cases.push_back({ "opset_too_new.onnx", b.serialize(), "unsupported",
            { "ai.onnx opset 99 is newer than this build supports (up to 21)", "node 'add' (Add)",
                "would be read with opset-99 semantics" } });
    }
    {
        ModelBuilder b;
        b.graph().input("x", kFloat, { 2 });
        b.graph().node("Relu", { "x" }, { "y" }, "a");
        b.graph().node("Sigmoid", { "x" }, { "y" }, "b");
        b.graph().output("y", kFloat);
        cases.push_back({ "duplicate_producer.onnx", b.serialize(), "invalid model",
            { "node 'b' (Sigmoid)", "output 'y' is also produced by node 'a' (Relu)" } });
    }
    {
        ModelBuilder b;
        b.graph().input("x", kFloat, { 2, 3 });
        b.graph().initializer("w", kFloat, { -2, 3 });
        b.graph().node("Add", { "x", "w" }, { "y" }, "add");
        b.graph().output("y", kFloat);
        cases.push_back(
            { "negative_dims.onnx", b.serialize(), "invalid model", { "initializer 'w'", "negative dimension -2" } });
    }
    {
        ModelBuilder b;
        b.graph().input("x", kFloat, { 2, 3 });
        b.graph().rawInitializer<float>("w", kFloat, { 2, 3 }, { 1, 2, 3 });
        b.graph().node("Add", { "x", "w" }, { "y" }, "add");
        b.graph().output("y", kFloat);
        cases.push_back({ "raw_data_size_mismatch.onnx", b.serialize(), "invalid model",
            { "initializer 'w'", "raw_data has 12 bytes, but float[2x3] needs 24" } });
    }
    {
        ModelBuilder b;
        baseGraph(b);
        b.proto().clear_graph();
        cases.push_back({ "no_graph.onnx", b.serialize(), "invalid model", { "it has no graph" } });
    }
    {
        ModelBuilder b(0);
        baseGraph(b);
        cases.push_back({ "no_opset_import.onnx", b.serialize(), "invalid model", { "no opset_import" } });
    }
    {
        ModelBuilder b;
        baseGraph(b);
        b.graph().output("nothing", kFloat);
        cases.push_back({ "undefined_output.onnx", b.serialize(), "invalid model",
            { "graph 'g'", "output 'nothing' is not produced by any node" } });
    }
    {
        ModelBuilder b;
        baseGraph(b);
        b.graph().floatInitializer("w", { 1 }, { 3.0f });
        cases.push_back(
            { "duplicate_initializer.onnx", b.serialize(), "invalid model", { "initializer 'w'", "defined twice" } });
    }
    {
        ModelBuilder b;
        baseGraph(b);
        b.graph().initializer("odd", 99, { 1 });
        cases.push_back({ "unknown_element_type.onnx", b.serialize(), "invalid model",
            { "initializer 'odd'", "unknown element type 99" } });
    }
    {
        ModelBuilder b;
        b.graph().input("x", kFloat, { 2 });
        b.graph().node("", { "x" }, { "y" }, "nameless_op");
        b.graph().output("y", kFloat);
        cases.push_back(
            { "missing_op_type.onnx", b.serialize(), "invalid model", { "node 'nameless_op'", "has no op_type" } });
    }
    {
        ModelBuilder b;
        b.graph().input("x", kFloat, { 4 });
        auto& w = b.graph().initializer("w", kFloat, { 4 });
        w.add_float_data(1.0f);
        b.graph().node("Add", { "x", "w" }, { "y" }, "add");
        b.graph().output("y", kFloat);
        cases.push_back({ "typed_data_count_mismatch.onnx", b.serialize(), "invalid model",
            { "initializer 'w'", "float_data has 1 values, but float[4] needs 4" } });
    }
    {
        ModelBuilder b;
        b.graph().input("x", kFloat, { 2 });
        b.graph().node("Relu", { "x" }, { "x" }, "overwrite");
        b.graph().output("x", kFloat);
        cases.push_back({ "output_shadows_input.onnx", b.serialize(), "invalid model",
            { "node 'overwrite' (Relu)", "output 'x' has the name of a graph input or initializer" } });
    }
    return cases;
}

/// Small valid models: seeds for the fuzzer that reach deep into conversion and analysis.
std::map<std::string, std::string> makeValidModels()
{
    std::map<std::string, std::string> out;
    {
        ModelBuilder b;
        baseGraph(b);
        out["add_relu.onnx"] = b.serialize();
    }
    {
        ModelBuilder b(13);
        auto& g = b.graph();
        g.input("x", kFloat, { 1, 2, 4, 4 });
        g.floatInitializer("s", {}, { 0.05f });
        g.rawInitializer<uint8_t>("zp", onnx::TensorProto_DataType_UINT8, {}, { 128 });
        g.rawInitializer<int8_t>("wq", onnx::TensorProto_DataType_INT8, { 3, 2, 3, 3 }, std::vector<int8_t>(54, -3));
        g.rawInitializer<int8_t>("wzp", onnx::TensorProto_DataType_INT8, {}, { 0 });
        g.node("QuantizeLinear", { "x", "s", "zp" }, { "xq" }, "q");
        g.node("DequantizeLinear", { "xq", "s", "zp" }, { "xd" }, "dq");
        g.node("DequantizeLinear", { "wq", "s", "wzp" }, { "wd" }, "dq_w");
        setAttr(g.node("Conv", { "xd", "wd" }, { "y" }, "conv"), "pads", { 1, 1, 1, 1 });
        g.output("y", kFloat);
        out["qdq_conv.onnx"] = b.serialize();
    }
    {
        ModelBuilder b(13);
        b.opset("com.microsoft", 1);
        auto& g = b.graph();
        g.input("a", kFloat, { "N", 8 });
        g.rawInitializer<int8_t>("b", onnx::TensorProto_DataType_INT8, { 8, 3 }, std::vector<int8_t>(24, 2));
        g.floatInitializer("s", {}, { 0.1f });
        g.node("DynamicQuantizeMatMul", { "a", "b", "s" }, { "y" }, "dqmm", "com.microsoft");
        g.output("y", kFloat);
        out["microsoft_dynamic_matmul.onnx"] = b.serialize();
    }
    {
        ModelBuilder b(13);
        auto& g = b.graph();
        g.input("x", kFloat, { 2 });
        g.input("cond", onnx::TensorProto_DataType_BOOL, {});
        auto& t = g.initializer("typed", onnx::TensorProto_DataType_FLOAT16, { 2 });
        t.add_int32_data(0x3C00);
        t.add_int32_data(0xBC00);
        auto& node = g.node("If", { "cond" }, { "r" }, "branch");
        for (const char* attr : { "then_branch", "else_branch" }) {
            GraphBuilder sub(setGraphAttr(node, attr), attr);
            sub.node("Relu", { "x" }, { std::string(attr) + "_out" }, std::string(attr) + "_relu");
            sub.output(std::string(attr) + "_out", kFloat, { 2 }, true);
        }
        g.output("r", kFloat);
        out["if_subgraph.onnx"] = b.serialize();
    }
    // Sizes decided by input values at run time, for the executor fuzzer (fuzz_executor.cpp feeds 1, 2, 3, 1, ...
    // to integer inputs): ConstantOfShape, Tile, Expand, Pad and NonZero. (Range is left out: the engine refuses a
    // Range whose limit is not a constant.)
    constexpr int32_t kInt64 = onnx::TensorProto_DataType_INT64;
    {
        ModelBuilder b(13);
        auto& g = b.graph();
        g.input("shape", kInt64, { 2 });
        g.input("repeats", kInt64, { 2 });
        g.input("pads", kInt64, { 4 });
        g.input("x", kFloat, { 2, 3 });
        g.floatInitializer("one", { 1 }, { 1.0f });
        g.node("ConstantOfShape", { "shape" }, { "filled" }, "constant_of_shape");
        g.node("Tile", { "x", "repeats" }, { "tiled" }, "tile");
        g.node("Expand", { "one", "shape" }, { "expanded" }, "expand");
        g.node("Pad", { "x", "pads" }, { "padded" }, "pad");
        g.node("NonZero", { "padded" }, { "nonzero" }, "nonzero");
        for (const char* o : { "filled", "tiled", "expanded", "padded" })
            g.output(o, kFloat);
        g.output("nonzero", kInt64);
        out["run_time_sizes.onnx"] = b.serialize();
    }
    {
        // A Loop whose trip count is an input, with a scan output (its length is the trip count).
        ModelBuilder b(13);
        auto& g = b.graph();
        g.input("trips", kInt64, {});
        g.input("x", kFloat, { 2 });
        auto& loop = g.node("Loop", { "trips", "", "x" }, { "acc", "trace" }, "loop");
        GraphBuilder body(setGraphAttr(loop, "body"), "body");
        body.input("i", kInt64, {});
        body.input("cond", onnx::TensorProto_DataType_BOOL, {});
        body.input("acc_in", kFloat, { 2 });
        body.node("Identity", { "cond" }, { "cond_out" }, "keep_going");
        body.node("Add", { "acc_in", "x" }, { "acc_out" }, "accumulate");
        body.node("Identity", { "acc_out" }, { "scan_out" }, "record");
        body.output("cond_out", onnx::TensorProto_DataType_BOOL, {}, true);
        body.output("acc_out", kFloat, { 2 }, true);
        body.output("scan_out", kFloat, { 2 }, true);
        g.output("acc", kFloat);
        g.output("trace", kFloat);
        out["loop_trip_count_input.onnx"] = b.serialize();
    }
    return out;
}

} // namespace

int main(int argc, char** argv)
{
    return qs::test::runGenerator(argc, argv, "make_test_models", [](const fs::path& dir) {
        std::map<std::string, std::string> sideFiles;
        qs::test::GeneratedFiles files;
        std::string table = "# file\tstatus\tfragments... (generated by tests/tools/make_test_models.cpp)\n";
        for (const Case& c : makeCases(sideFiles)) {
            files.emplace_back(dir / "malformed" / c.file, c.bytes);
            table += c.file + "\t" + c.code;
            for (const std::string& f : c.fragments)
                table += "\t" + f;
            table += "\n";
        }
        for (const auto& [name, bytes] : sideFiles)
            files.emplace_back(dir / "malformed" / name, bytes);
        files.emplace_back(dir / "malformed" / "expected.tsv", table);
        for (const auto& [name, bytes] : makeValidModels())
            files.emplace_back(dir / "valid" / name, bytes);
        return files;
    });
}
