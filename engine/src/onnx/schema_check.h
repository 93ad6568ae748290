// SPDX-License-Identifier: MIT
// Pre-flight check before libonnx's shape inference, whose inference functions assume schema-valid nodes and
// crash (null dereference) on, e.g., a Scan without a body. Private to src/onnx.
#pragma once

#include <quantscope/engine/model.h>

#include <onnx/onnx_pb.h>

#include <optional>
#include <string>
#include <vector>

namespace qs::onnx_import {

/// The first node (main graph, then subgraphs, depth first) that its ai.onnx schema rejects — missing required
/// attribute, attribute of the wrong type, input/output count out of range — as "node 'n' (Op): <reason>".
/// Nodes of domains without libonnx schemas are not checked.
std::optional<std::string> findSchemaViolation(const onnx::GraphProto& graph, const Model& model);

/// libonnx's Shape data propagation reads its input's type without checking that it has one, and crashes (a null
/// dereference) when it has none: a graph input declared without a type, or a value downstream of a node libonnx has
/// no schema for (a custom-domain op), reaches Shape untyped (found by fuzz_loader). True when a Shape node of the main
/// graph may see such a value; inference then runs without data propagation, which only folds Shape chains into
/// Reshape targets. (The same pattern inside an If branch does not crash: bodies are not propagated.)
bool shapeMaySeeUntypedValue(const onnx::GraphProto& graph, const Model& model);

/// libonnx 1.12 derives a convolution's kernel_shape from W's dims when the attribute is absent and then indexes
/// per-axis vectors sized by X's rank: a W/X rank mismatch reads out of bounds (fuzzer-found SEGV). Giving such nodes
/// an explicit kernel_shape (W's spatial dims, traced to a constant) makes libonnx check the sizes and report an
/// error instead. RAII: the attributes are removed again when the object is destroyed.
class KernelShapeHints
{
public:
    explicit KernelShapeHints(onnx::GraphProto& graph);
    ~KernelShapeHints();
    KernelShapeHints(const KernelShapeHints&) = delete;
    KernelShapeHints& operator=(const KernelShapeHints&) = delete;

private:
    void addTo(onnx::GraphProto& graph, int depth);
    std::vector<onnx::NodeProto*> m_hinted;
};

} // namespace qs::onnx_import
