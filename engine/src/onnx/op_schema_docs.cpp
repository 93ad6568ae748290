// SPDX-License-Identifier: MIT
// Operator documentation from libonnx's schema registry, plus built-in text for com.microsoft quantization ops
// (libonnx 1.12 carries no com.microsoft schemas).
#include "newer_opset_schemas.h"

#include <quantscope/engine/op_schema_docs.h>

#include <onnx/defs/schema.h>

#include <array>
#include <limits>

namespace qs {

namespace {

struct BuiltInOp
{
    std::string_view opType;
    std::string_view doc;
    std::string_view inputs; ///< comma-separated formal input names; a trailing '?' marks optional
    std::string_view outputs;
};

// Short descriptions of ONNX Runtime's contrib quantization operators, from their published semantics.
constexpr std::array<BuiltInOp, 14> kMicrosoftOps { {
    { "QuantizeLinear",
        "Quantizes a float tensor: y = saturate(round(x / y_scale) + y_zero_point). ONNX Runtime's "
        "contrib form, which also accepts 16-bit and per-axis parameters.",
        "x,y_scale,y_zero_point?", "y" },
    { "DequantizeLinear",
        "Dequantizes an integer tensor: y = (x - x_zero_point) * x_scale. ONNX Runtime's contrib "
        "form, which also accepts 16-bit and per-axis parameters.",
        "x,x_scale,x_zero_point?", "y" },
    { "QLinearConv",
        "Convolution on quantized tensors with per-tensor or per-channel scales; the contrib form adds "
        "channels-last layouts.",
        "x,x_scale,x_zero_point,w,w_scale,w_zero_point,y_scale,y_zero_point,B?", "y" },
    { "QLinearAdd", "Element-wise addition of two quantized tensors: C = quantize(dequantize(A) + dequantize(B)).",
        "A,A_scale,A_zero_point?,B,B_scale,B_zero_point?,C_scale,C_zero_point?", "C" },
    { "QLinearMul",
        "Element-wise multiplication of two quantized tensors: C = quantize(dequantize(A) * dequantize(B)).",
        "A,A_scale,A_zero_point?,B,B_scale,B_zero_point?,C_scale,C_zero_point?", "C" },
    { "QLinearSigmoid", "Sigmoid on a quantized tensor, computed through a lookup table.",
        "X,X_scale,X_zero_point?,Y_scale,Y_zero_point?", "Y" },
    { "QLinearLeakyRelu", "LeakyRelu on a quantized tensor, computed through a lookup table.",
        "X,X_scale,X_zero_point?,Y_scale,Y_zero_point?", "Y" },
    { "QLinearAveragePool", "AveragePool on a quantized tensor.", "X,x_scale,x_zero_point?,y_scale,y_zero_point?",
        "Y" },
    { "QLinearGlobalAveragePool", "GlobalAveragePool on a quantized tensor.",
        "X,x_scale,x_zero_point,y_scale,y_zero_point", "Y" },
    { "QLinearConcat", "Concatenation of quantized tensors, requantizing each input to the output's scale.",
        "Y_scale,Y_zero_point,inputs...", "Y" },
    { "QLinearSoftmax", "Softmax on a quantized tensor.", "X,X_scale,x_zero_point?,y_scale,y_zero_point", "Y" },
    { "QGemm", "General matrix multiplication on quantized A and B; float output when y_scale is omitted.",
        "A,a_scale,a_zero_point,B,b_scale,b_zero_point,C?,y_scale?,y_zero_point?", "Y" },
    { "MatMulIntegerToFloat",
        "Integer matrix multiplication followed by scaling to float: "
        "Y = (A - a_zero_point) * (B - b_zero_point) * a_scale * b_scale + bias.",
        "A,B,a_scale,b_scale,a_zero_point?,b_zero_point?,bias?", "Y" },
    { "DynamicQuantizeMatMul",
        "Quantizes A dynamically (scale and zero point computed from its range at run time), "
        "multiplies with the quantized B and rescales to float.",
        "A,B,b_scale,b_zero_point?,bias?", "Y" },
} };

std::vector<OpFormalParameter> parseBuiltInParams(std::string_view list)
{
    std::vector<OpFormalParameter> params;
    while (!list.empty()) {
        const size_t comma = list.find(',');
        std::string_view item = list.substr(0, comma);
        OpFormalParameter p;
        if (item.ends_with("...")) {
            p.variadic = true;
            item.remove_suffix(3);
        }
        if (item.ends_with('?')) {
            p.optional = true;
            item.remove_suffix(1);
        }
        p.name = std::string(item);
        params.push_back(std::move(p));
        if (comma == std::string_view::npos)
            break;
        list.remove_prefix(comma + 1);
    }
    return params;
}

std::vector<OpFormalParameter> convertParams(const std::vector<onnx::OpSchema::FormalParameter>& in)
{
    std::vector<OpFormalParameter> out;
    out.reserve(in.size());
    for (const auto& f : in) {
        OpFormalParameter p;
        p.name = f.GetName();
        p.description = f.GetDescription();
        p.typeConstraint = f.GetTypeStr();
        p.optional = f.GetOption() == onnx::OpSchema::Optional;
        p.variadic = f.GetOption() == onnx::OpSchema::Variadic;
        out.push_back(std::move(p));
    }
    return out;
}

} // namespace

std::optional<OpSchemaDoc> opSchemaDoc(std::string_view opType, std::string_view domain, int64_t version)
{
    const std::string dom = domain == "ai.onnx" ? std::string() : std::string(domain);
    if (dom == "com.microsoft") {
        for (const BuiltInOp& op : kMicrosoftOps) {
            if (op.opType != opType)
                continue;
            OpSchemaDoc d;
            d.opType = std::string(opType);
            d.domain = dom;
            d.doc = std::string(op.doc);
            d.inputs = parseBuiltInParams(op.inputs);
            d.outputs = parseBuiltInParams(op.outputs);
            d.builtIn = true;
            return d;
        }
        return std::nullopt;
    }
    try {
        onnx_import::ensureNewerOpsetSchemas();
        const int maxVersion = version > 0 ? static_cast<int>(version) : std::numeric_limits<int>::max();
        const onnx::OpSchema* schema = onnx::OpSchemaRegistry::Schema(std::string(opType), maxVersion, dom);
        if (!schema)
            return std::nullopt;
        OpSchemaDoc d;
        d.opType = schema->Name();
        d.domain = schema->domain();
        d.sinceVersion = schema->SinceVersion();
        d.doc = schema->doc() ? std::string(schema->doc()) : std::string();
        d.inputs = convertParams(schema->inputs());
        d.outputs = convertParams(schema->outputs());
        d.builtIn = onnx_import::isEngineSchemaFile(schema->file());
        return d;
    } catch (const std::exception&) {
        // The registry is built lazily and may throw on exhaustion; documentation is optional, so report "unknown".
        return std::nullopt;
    }
}

} // namespace qs
