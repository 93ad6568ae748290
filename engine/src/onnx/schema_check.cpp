// SPDX-License-Identifier: MIT
#include "schema_check.h"

#include <fmt/format.h>
#include <onnx/defs/schema.h>

#include <algorithm>
#include <climits>

namespace qs::onnx_import {

namespace {

// Protobuf already bounds nesting (100 levels); this keeps the walk's own recursion modest as well.
constexpr int kMaxDepth = 64;

std::optional<std::string> check(const onnx::GraphProto& graph, const Model& model, int depth)
{
    if (depth > kMaxDepth)
        return fmt::format("graph '{}': subgraphs nested deeper than {} levels", graph.name(), kMaxDepth);
    int index = 0;
    for (const auto& node : graph.node()) {
        const std::string domain = node.domain() == "ai.onnx" ? std::string() : node.domain();
        const std::string name = node.name().empty() ? fmt::format("{}_{}", node.op_type(), index) : node.name();
        ++index;
        const int64_t version = std::clamp<int64_t>(model.opsetVersion(domain), 0, INT_MAX);
        if (const auto* schema = onnx::OpSchemaRegistry::Schema(node.op_type(), static_cast<int>(version), domain)) {
            try {
                schema->Verify(node);
            } catch (const std::exception& e) {
                return fmt::format("node '{}' ({}): {}", name, node.op_type(), e.what());
            }
        }
        for (const auto& attr : node.attribute()) {
            if (attr.has_g())
                if (auto problem = check(attr.g(), model, depth + 1))
                    return problem;
            for (const auto& g : attr.graphs())
                if (auto problem = check(g, model, depth + 1))
                    return problem;
        }
    }
    return std::nullopt;
}

} // namespace

std::optional<std::string> findSchemaViolation(const onnx::GraphProto& graph, const Model& model)
{
    return check(graph, model, 0);
}

} // namespace qs::onnx_import
