// SPDX-License-Identifier: MIT
// `quantscope-cli inspect`: loads a model and prints its static analysis, readable or as one JSON object
// (schema: app/cli/INSPECT_JSON.md; bump kSchema when a field changes meaning or disappears).
#include "command.h"

#include <quantscope/engine/analysis.h>
#include <quantscope/engine/model_loader.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace qs::cli {

namespace {

constexpr const char* kSchema = "quantscope.inspect/1";

struct InspectArgs
{
    std::string model;
    LoadOptions load;
    bool json = false;
};

int usageError(const std::string& message)
{
    fmt::print(stderr, "quantscope-cli inspect: {}\nRun 'quantscope-cli inspect --help' for usage.\n", message);
    return 2;
}

nlohmann::json shapeJson(const TensorType& type)
{
    if (!type.hasShape)
        return nullptr;
    nlohmann::json dims = nlohmann::json::array();
    for (const Dim& d : type.dims) {
        if (d.isKnown())
            dims.push_back(d.value);
        else if (!d.symbol.empty())
            dims.push_back(d.symbol);
        else
            dims.push_back(nullptr);
    }
    return dims;
}

nlohmann::json valuesJson(const Graph& g, const std::vector<ValueId>& ids)
{
    nlohmann::json out = nlohmann::json::array();
    for (ValueId id : ids) {
        const Value& v = g.value(id);
        out.push_back({ { "name", v.name }, { "element_type", dataTypeName(v.type.elementType) },
            { "shape", shapeJson(v.type) } });
    }
    return out;
}

struct MacNode
{
    NodeId id;
    int64_t macs;
};

/// The main-graph nodes with the most MACs, largest first (ties in graph order).
std::vector<MacNode> topMacNodes(const ModelAnalysis& a, size_t limit)
{
    std::vector<MacNode> nodes;
    for (size_t i = 0; i < a.nodes.size(); ++i)
        if (a.nodes[i].macs)
            nodes.push_back({ static_cast<NodeId>(i), *a.nodes[i].macs });
    std::stable_sort(nodes.begin(), nodes.end(), [](const MacNode& x, const MacNode& y) { return x.macs > y.macs; });
    if (nodes.size() > limit)
        nodes.resize(limit);
    return nodes;
}

constexpr size_t kTopMacNodes = 10;

template <typename Map> nlohmann::json countsJson(const Map& m)
{
    nlohmann::json out = nlohmann::json::object();
    for (const auto& [k, v] : m)
        out[k] = v;
    return out;
}

nlohmann::json toJson(const Model& model, const ModelAnalysis& a)
{
    const Graph& g = model.graph();
    nlohmann::json j;
    j["schema"] = kSchema;
    j["file"] = model.path.string();
    j["size_bytes"] = a.fileSizeBytes;
    j["external_data_bytes"] = model.externalDataBytes;
    j["ir_version"] = model.irVersion;
    j["producer"] = { { "name", model.producerName }, { "version", model.producerVersion } };
    nlohmann::json opsets = nlohmann::json::object();
    for (const OpsetImport& o : model.opsetImports)
        opsets[o.domain.empty() ? "ai.onnx" : o.domain] = o.version;
    j["opsets"] = opsets;
    j["nodes"] = a.nodeCount;
    j["subgraph_nodes"] = a.subgraphNodeCount;
    j["op_counts"] = countsJson(a.opCounts);
    j["domains"] = countsJson(a.domainCounts);
    j["categories"] = countsJson(a.categoryCounts);
    j["format"] = quantFormatName(a.format);
    j["boundaries"] = countsJson(a.boundaries);
    j["boundary_nodes"] = a.boundaryNodeCount;
    j["crossing_edges"] = static_cast<int64_t>(a.crossingEdges.size());
    j["transitions"] = countsJson(a.transitions);
    nlohmann::json byType = nlohmann::json::object();
    for (const auto& [type, t] : a.parametersByType)
        byType[type] = { { "tensors", t.tensors }, { "elements", t.elements }, { "bytes", t.bytes } };
    j["params"] = { { "count", a.parameterCount }, { "bytes", a.parameterBytes }, { "by_type", byType } };
    j["macs"] = a.totalMacs ? nlohmann::json(*a.totalMacs) : nlohmann::json(nullptr);
    j["macs_known"] = a.macsKnown;
    j["mac_nodes_unknown"] = a.macNodesUnknown;
    nlohmann::json top = nlohmann::json::array();
    for (const MacNode& n : topMacNodes(a, kTopMacNodes))
        top.push_back({ { "name", g.node(n.id).name }, { "op", g.node(n.id).qualifiedOpType() }, { "macs", n.macs } });
    j["top_mac_nodes"] = top;
    j["inputs"] = valuesJson(g, g.inputs());
    j["outputs"] = valuesJson(g, g.outputs());
    const ShapeInferenceReport& si = model.shapeInference;
    j["shape_inference"] = { { "ran", si.ran }, { "succeeded", si.succeeded }, { "message", si.message },
        { "values_with_shape", si.valuesWithShape }, { "values_total", si.valuesTotal } };
    j["warnings"] = model.warnings;
    return j;
}

std::string withThousands(int64_t v)
{
    std::string digits = std::to_string(v < 0 ? -v : v);
    std::string out;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return v < 0 ? "-" + out : out;
}

template <typename Map> void printCounts(const char* title, const Map& m)
{
    std::vector<std::pair<std::string, int64_t>> rows(m.begin(), m.end());
    std::stable_sort(rows.begin(), rows.end(), [](const auto& x, const auto& y) { return x.second > y.second; });
    fmt::print("{}:\n", title);
    if (rows.empty())
        fmt::print("  (none)\n");
    for (const auto& [k, v] : rows)
        fmt::print("  {:<32} {:>8}\n", k, v);
}

void printSummary(const Model& model, const ModelAnalysis& a)
{
    const Graph& g = model.graph();
    fmt::print("Model:        {}\n", model.path.string());
    fmt::print("Size:         {} bytes", withThousands(a.fileSizeBytes));
    if (model.externalDataBytes)
        fmt::print(" (+ {} bytes external data)", withThousands(model.externalDataBytes));
    fmt::print("\nProducer:     {} {}\n", model.producerName, model.producerVersion);
    std::string opsets;
    for (const OpsetImport& o : model.opsetImports)
        opsets
            += fmt::format("{}{} {}", opsets.empty() ? "" : ", ", o.domain.empty() ? "ai.onnx" : o.domain, o.version);
    fmt::print("Opsets:       {} (IR version {})\n", opsets, model.irVersion);
    fmt::print("Format:       {}\n", quantFormatName(a.format));
    fmt::print("Nodes:        {}", a.nodeCount);
    if (a.subgraphNodeCount)
        fmt::print(" (+ {} in subgraphs)", a.subgraphNodeCount);
    fmt::print("\nParameters:   {} ({} bytes)\n", withThousands(a.parameterCount), withThousands(a.parameterBytes));
    for (const auto& [type, t] : a.parametersByType)
        fmt::print("  {:<12} {:>6} tensors {:>14} elements {:>14} bytes\n", type, t.tensors, withThousands(t.elements),
            withThousands(t.bytes));
    if (a.totalMacs)
        fmt::print("MACs:         {}\n", withThousands(*a.totalMacs));
    else
        fmt::print("MACs:         unknown ({} known; {} node(s) without shapes, try --input-shape)\n",
            withThousands(a.macsKnown), a.macNodesUnknown);
    const auto top = topMacNodes(a, kTopMacNodes);
    if (!top.empty()) {
        fmt::print("Largest MAC nodes:\n");
        for (const MacNode& n : top)
            fmt::print("  {:<60} {:>16} {:>5.1f}%\n", g.node(n.id).describe(), withThousands(n.macs),
                a.macsKnown ? 100.0 * static_cast<double>(n.macs) / static_cast<double>(a.macsKnown) : 0.0);
    }
    auto printValues = [&](const char* title, const std::vector<ValueId>& ids) {
        fmt::print("{}:\n", title);
        for (ValueId id : ids)
            fmt::print("  {:<32} {}\n", g.value(id).name, g.value(id).type.toString());
    };
    printValues("Inputs", g.inputs());
    printValues("Outputs", g.outputs());
    printCounts("Operators", a.opCounts);
    printCounts("Quantization boundaries", a.boundaries);
    printCounts("Precision transitions", a.transitions);
    fmt::print("Float<->integer crossing edges: {}\n", a.crossingEdges.size());
    const ShapeInferenceReport& si = model.shapeInference;
    if (!si.ran)
        fmt::print("Shape inference: not run\n");
    else
        fmt::print("Shape inference: {} ({} of {} values have a known shape)\n",
            si.succeeded ? "ok" : "stopped early: " + si.message, si.valuesWithShape, si.valuesTotal);
    for (const std::string& w : model.warnings)
        fmt::print("Warning: {}\n", w);
}

void printInspectHelp()
{
    fmt::print("Usage: quantscope-cli inspect MODEL [--input-shape NAME=DIMS]... [--json]\n\n"
               "Loads an ONNX model and prints its static analysis: node and operator counts, quantization format\n"
               "(fp32, dynamic, qdq, qoperator, mixed), quantization boundaries, precision transitions, parameters\n"
               "by element type, MACs, inputs and outputs.\n\n"
               "Options:\n"
               "  --input-shape NAME=DIMS  bind a graph input's free dimensions before shape inference,\n"
               "                           e.g. images=1x3x640x640 (repeatable)\n"
               "  --json                   print one JSON object (schema in app/cli/INSPECT_JSON.md)\n"
               "  -h, --help               show this help\n\n"
               "Exit status: 0 success, 1 the model could not be loaded, 2 usage error.\n");
}

int runInspect(std::span<char* const> args)
{
    InspectArgs parsed;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string_view a = args[i];
        if (a == "--json") {
            parsed.json = true;
        } else if (a == "--input-shape" || a.starts_with("--input-shape=")) {
            std::string_view spec;
            if (a == "--input-shape") {
                if (i + 1 >= args.size())
                    return usageError("--input-shape needs a value, e.g. --input-shape images=1x3x640x640");
                spec = args[++i];
            } else {
                spec = a.substr(std::string_view("--input-shape=").size());
            }
            auto shape = parseInputShapeSpec(spec);
            if (!shape)
                return usageError(shape.status().message());
            parsed.load.inputShapes[shape->first] = shape->second;
        } else if (a.starts_with("-") && a.size() > 1) {
            return usageError(fmt::format("unknown option '{}'", a));
        } else if (parsed.model.empty()) {
            parsed.model = a;
        } else {
            return usageError(fmt::format("unexpected argument '{}' (one model at a time)", a));
        }
    }
    if (parsed.model.empty())
        return usageError("no model given");

    auto loaded = loadModel(parsed.model, parsed.load);
    if (!loaded) {
        fmt::print(stderr, "quantscope-cli inspect: {}\n", loaded.status().toString());
        return 1;
    }
    const Model& model = **loaded;
    const ModelAnalysis analysis = analyzeModel(model);
    // Names in ONNX files are not guaranteed UTF-8; replace bad bytes rather than fail on them.
    if (parsed.json)
        fmt::print("{}\n", toJson(model, analysis).dump(2, ' ', false, nlohmann::json::error_handler_t::replace));
    else
        printSummary(model, analysis);
    std::fflush(stdout);
    return 0;
}

} // namespace

extern const Command kInspectCommand { "inspect", "print a model's structure, quantization format, boundaries and MACs",
    runInspect, printInspectHelp };

} // namespace qs::cli
