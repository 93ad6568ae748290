// SPDX-License-Identifier: MIT
// Model: a loaded ONNX file — metadata, opset imports and the main graph.
#pragma once

#include <quantscope/engine/graph.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace qs {

struct OpsetImport
{
    std::string domain; ///< "" for ai.onnx
    int64_t version = 0;
};

/// What ONNX shape inference did during loading; loading continues when it fails.
struct ShapeInferenceReport
{
    bool ran = false;
    bool succeeded = false;
    std::string message; ///< the libonnx error when it failed
    int64_t valuesWithShape = 0; ///< values (main graph) whose shape is fully known after inference
    int64_t valuesTotal = 0;
};

class Model
{
public:
    std::filesystem::path path; ///< as given to loadModel (empty for in-memory models)
    int64_t fileSizeBytes = 0; ///< the .onnx file (external data not included)
    int64_t externalDataBytes = 0; ///< bytes read from external-data files
    int64_t irVersion = 0;
    std::string producerName;
    std::string producerVersion;
    std::string domain;
    int64_t modelVersion = 0;
    std::string docString;
    std::vector<OpsetImport> opsetImports;
    std::vector<std::pair<std::string, std::string>> metadataProps;
    ShapeInferenceReport shapeInference;
    /// The first node that breaks its operator's ONNX schema (a required input missing, too many outputs, a zero
    /// stride...), as "node 'n' (Op): problem". Such a model loads so that it can be inspected, but is never run: the
    /// kernels, like libonnx's inference, trust the schema.
    std::string schemaViolation;
    std::vector<std::string> warnings; ///< non-fatal problems worth showing

    const Graph& graph() const noexcept { return m_graph; }
    Graph& mutableGraph() noexcept { return m_graph; }
    /// Opset version imported for `domain` ("" or "ai.onnx" for the default), 0 when not imported.
    int64_t opsetVersion(std::string_view domain) const noexcept;
    /// File name for messages ("model.onnx"); "<memory>" for in-memory models.
    std::string displayName() const;

private:
    Graph m_graph;
};

} // namespace qs
