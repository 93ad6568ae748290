// SPDX-License-Identifier: MIT
// Operator documentation for display (GUI properties panel, reports): plain strings, no libonnx types.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qs {

struct OpFormalParameter
{
    std::string name; ///< "x_scale", "W", ...
    std::string description;
    std::string typeConstraint; ///< "T1", "tensor(float)", ... (may be empty)
    bool optional = false;
    bool variadic = false;
};

struct OpSchemaDoc
{
    std::string opType;
    std::string domain; ///< "" for ai.onnx
    int64_t sinceVersion = 0; ///< the opset version that introduced this definition (0 when unknown)
    std::string doc; ///< Markdown-ish text as ONNX writes it
    std::vector<OpFormalParameter> inputs;
    std::vector<OpFormalParameter> outputs;
    bool builtIn = false; ///< true when Quantscope describes the op itself (libonnx has no schema for it)
};

/// The schema documentation of `opType` in `domain` as of opset `version` (the newest definition <= version).
/// ai.onnx and ai.onnx.ml come from libonnx; the com.microsoft quantization ops have short built-in descriptions.
/// Returns nullopt when the operator is unknown. Thread-safe.
std::optional<OpSchemaDoc> opSchemaDoc(std::string_view opType, std::string_view domain, int64_t version);

} // namespace qs
