// SPDX-License-Identifier: MIT
#include "schema_check.h"

#include <quantscope/engine/printable.h>

#include <fmt/format.h>
#include <onnx/defs/schema.h>

#include <algorithm>
#include <climits>
#include <unordered_map>
#include <unordered_set>

namespace qs::onnx_import {

namespace {

// Protobuf already bounds nesting (100 levels); this keeps the walk's own recursion modest as well.
constexpr int kMaxDepth = 64;

/// Index of the weight input of ops whose shape inference derives kernel_shape from it; -1 for other ops.
int weightInputOf(const onnx::NodeProto& node)
{
    const bool onnx = node.domain().empty() || node.domain() == "ai.onnx";
    if (!onnx && node.domain() != "com.microsoft")
        return -1;
    const std::string& op = node.op_type();
    if (op == "Conv" || op == "ConvTranspose" || op == "ConvInteger")
        return 1;
    if (op == "QLinearConv")
        return 3;
    return -1;
}

/// Ranks the file states for names of one graph: initializers, Constant values, declared inputs and value_info,
/// looked up through shape-preserving ops (a QDQ weight is DequantizeLinear(initializer)).
class DeclaredRanks
{
public:
    explicit DeclaredRanks(const onnx::GraphProto& graph)
    {
        for (const auto& init : graph.initializer())
            m_rank[init.name()] = init.dims_size();
        auto declare = [&](const onnx::ValueInfoProto& vi) {
            if (vi.type().has_tensor_type() && vi.type().tensor_type().has_shape())
                m_rank.emplace(vi.name(), vi.type().tensor_type().shape().dim_size());
        };
        for (const auto& vi : graph.input())
            declare(vi);
        for (const auto& vi : graph.value_info())
            declare(vi);
        for (const auto& node : graph.node()) {
            if (node.output_size() < 1 || node.output(0).empty())
                continue;
            const std::string& op = node.op_type();
            if (op == "Constant")
                for (const auto& a : node.attribute())
                    if (a.name() == "value" && a.has_t())
                        m_rank[node.output(0)] = a.t().dims_size();
            if (node.input_size() >= 1
                && (op == "DequantizeLinear" || op == "QuantizeLinear" || op == "Identity" || op == "Cast"))
                m_through[node.output(0)] = node.input(0);
        }
    }

    std::optional<int> rankOf(std::string name) const
    {
        for (int hop = 0; hop < 8; ++hop) {
            if (auto it = m_rank.find(name); it != m_rank.end())
                return it->second;
            auto it = m_through.find(name);
            if (it == m_through.end())
                return std::nullopt;
            name = it->second;
        }
        return std::nullopt;
    }

private:
    std::unordered_map<std::string, int> m_rank;
    std::unordered_map<std::string, std::string> m_through;
};

/// The names a graph defines: its inputs, initializers and node outputs. Chained to the enclosing graphs' scopes,
/// because a subgraph may read any name of an outer graph.
struct Scope
{
    const Scope* outer = nullptr;
    std::unordered_set<std::string> names;

    bool defines(const std::string& name) const
    {
        for (const Scope* s = this; s; s = s->outer)
            if (s->names.count(name))
                return true;
        return false;
    }
};

std::optional<std::string> check(const onnx::GraphProto& graph, const Model& model, int depth, const Scope* outer)
{
    if (depth > kMaxDepth)
        return fmt::format("graph {}: subgraphs nested deeper than {} levels", quotedName(graph.name()), kMaxDepth);
    const DeclaredRanks ranks(graph);
    // Several of libonnx's inference functions dereference an input's type without a null check (Shape does), so a
    // node reading a name nothing defines would crash them (found by fuzz_loader). Conversion reports such a
    // dangling input as an error with the node's name; inference only has to be skipped.
    Scope scope { outer, {} };
    for (const auto& vi : graph.input())
        scope.names.insert(vi.name());
    for (const auto& init : graph.initializer())
        scope.names.insert(init.name());
    for (const auto& node : graph.node())
        for (const auto& o : node.output())
            scope.names.insert(o);
    int index = 0;
    for (const auto& node : graph.node()) {
        const std::string domain = node.domain() == "ai.onnx" ? std::string() : node.domain();
        const std::string name = node.name().empty() ? fmt::format("{}_{}", node.op_type(), index) : node.name();
        ++index;
        for (const auto& in : node.input())
            if (!in.empty() && !scope.defines(in))
                return fmt::format("node {} ({}): input {} is not defined by any graph input, initializer or node",
                    quotedName(name), node.op_type(), quotedName(in));
        const int64_t version = std::clamp<int64_t>(model.opsetVersion(domain), 0, INT_MAX);
        if (const auto* schema = onnx::OpSchemaRegistry::Schema(node.op_type(), static_cast<int>(version), domain)) {
            try {
                schema->Verify(node);
            } catch (const std::exception& e) {
                return fmt::format("node {} ({}): {}", quotedName(name), node.op_type(), e.what());
            }
        }
        // libonnx's convolution and pooling inference divides by strides and dilations unchecked (a zero stride was
        // an FPE found by fuzz_loader). Every operator with these attributes requires them to be at least 1.
        for (const auto& attr : node.attribute()) {
            if (attr.name() != "strides" && attr.name() != "dilations" && attr.name() != "kernel_shape")
                continue;
            for (int64_t v : attr.ints())
                if (v < 1)
                    return fmt::format("node {} ({}): {} contains {}; every value must be at least 1", quotedName(name),
                        node.op_type(), attr.name(), v);
        }
        // libonnx's convolution inference reads W.dims[1] without checking W's rank.
        if (const int w = weightInputOf(node); w >= 0 && w < node.input_size()) {
            // ... and sizes per-axis vectors by X's rank while iterating over W's spatial dims.
            const auto rank = ranks.rankOf(node.input(w));
            if (rank && *rank < 3)
                return fmt::format("node {} ({}): weight {} has rank {}; a convolution weight needs at least 3",
                    quotedName(name), node.op_type(), quotedName(node.input(w)), *rank);
            const auto xRank = ranks.rankOf(node.input(0));
            if (rank && xRank && *rank != *xRank)
                return fmt::format("node {} ({}): input {} has rank {} but weight {} has rank {}", quotedName(name),
                    node.op_type(), quotedName(node.input(0)), *xRank, quotedName(node.input(w)), *rank);
        }
        for (const auto& attr : node.attribute()) {
            if (attr.has_g())
                if (auto problem = check(attr.g(), model, depth + 1, &scope))
                    return problem;
            for (const auto& g : attr.graphs())
                if (auto problem = check(g, model, depth + 1, &scope))
                    return problem;
        }
    }
    return std::nullopt;
}

} // namespace

std::optional<std::string> findSchemaViolation(const onnx::GraphProto& graph, const Model& model)
{
    return check(graph, model, 0, nullptr);
}

namespace {

bool hasAttribute(const onnx::NodeProto& node, const char* name)
{
    for (const auto& a : node.attribute())
        if (a.name() == name)
            return true;
    return false;
}

} // namespace

KernelShapeHints::KernelShapeHints(onnx::GraphProto& graph)
{
    addTo(graph, 0);
}

KernelShapeHints::~KernelShapeHints()
{
    // Added last, so removing the last attribute restores each node exactly.
    for (onnx::NodeProto* node : m_hinted)
        node->mutable_attribute()->RemoveLast();
}

void KernelShapeHints::addTo(onnx::GraphProto& graph, int depth)
{
    if (depth > kMaxDepth)
        return;
    std::unordered_map<std::string, const google::protobuf::RepeatedField<int64_t>*> constantDims;
    for (const auto& init : graph.initializer())
        constantDims[init.name()] = &init.dims();
    // Shape-preserving producers to look through (a QDQ weight is DequantizeLinear(initializer)).
    std::unordered_map<std::string, const onnx::NodeProto*> passThrough;
    for (const auto& node : graph.node()) {
        const std::string& op = node.op_type();
        if (node.output_size() < 1 || node.input_size() < 1)
            continue;
        if (op == "DequantizeLinear" || op == "QuantizeLinear" || op == "Identity" || op == "Cast")
            passThrough[node.output(0)] = &node;
        if (op == "Constant")
            for (const auto& a : node.attribute())
                if (a.name() == "value" && a.has_t())
                    constantDims[node.output(0)] = &a.t().dims();
    }
    for (auto& node : *graph.mutable_node()) {
        for (auto& attr : *node.mutable_attribute()) {
            if (attr.has_g())
                addTo(*attr.mutable_g(), depth + 1);
            for (auto& g : *attr.mutable_graphs())
                addTo(g, depth + 1);
        }
        const int w = weightInputOf(node);
        if (w < 0 || w >= node.input_size() || hasAttribute(node, "kernel_shape"))
            continue;
        std::string name = node.input(w);
        for (int hop = 0; hop < 4 && !constantDims.count(name) && passThrough.count(name); ++hop)
            name = passThrough.at(name)->input(0);
        const auto it = constantDims.find(name);
        if (it == constantDims.end())
            continue;
        auto* hint = node.add_attribute();
        hint->set_name("kernel_shape");
        hint->set_type(onnx::AttributeProto_AttributeType_INTS);
        for (int i = 2; i < it->second->size(); ++i)
            hint->add_ints(it->second->Get(i));
        m_hinted.push_back(&node);
    }
}

bool shapeMaySeeUntypedValue(const onnx::GraphProto& graph, const Model& model)
{
    std::unordered_set<std::string> initializers;
    for (const auto& init : graph.initializer())
        initializers.insert(init.name());
    std::unordered_set<std::string> untyped;
    for (const auto& in : graph.input())
        if (!in.has_type() && !initializers.count(in.name()))
            untyped.insert(in.name());
    for (const auto& node : graph.node()) {
        const std::string domain = node.domain() == "ai.onnx" ? std::string() : node.domain();
        bool inputUntyped = false;
        for (const auto& in : node.input())
            inputUntyped = inputUntyped || untyped.count(in) != 0;
        if (inputUntyped && domain.empty() && node.op_type() == "Shape")
            return true;
        const int64_t version = std::clamp<int64_t>(model.opsetVersion(domain), 0, INT_MAX);
        // Conservatively: without a schema, or with an untyped input, inference may leave every output untyped.
        if (inputUntyped || !onnx::OpSchemaRegistry::Schema(node.op_type(), static_cast<int>(version), domain))
            for (const auto& out : node.output())
                untyped.insert(out);
    }
    return false;
}

} // namespace qs::onnx_import
