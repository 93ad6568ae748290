// SPDX-License-Identifier: MIT
// The words of QuantFormat: the one name/parse pair the run file, the CLI and the front ends go through.
#include <quantscope/engine/analysis.h>

namespace qs {

std::string_view quantFormatName(QuantFormat format) noexcept
{
    switch (format) {
    case QuantFormat::Fp32:
        return "fp32";
    case QuantFormat::Dynamic:
        return "dynamic";
    case QuantFormat::Qdq:
        return "qdq";
    case QuantFormat::QOperator:
        return "qoperator";
    case QuantFormat::Mixed:
        return "mixed";
    }
    return "fp32";
}

std::optional<QuantFormat> parseQuantFormat(std::string_view name) noexcept
{
    for (QuantFormat f :
        { QuantFormat::Fp32, QuantFormat::Dynamic, QuantFormat::Qdq, QuantFormat::QOperator, QuantFormat::Mixed })
        if (quantFormatName(f) == name)
            return f;
    return std::nullopt;
}

} // namespace qs
