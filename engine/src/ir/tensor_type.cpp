// SPDX-License-Identifier: MIT
#include <quantscope/engine/tensor_type.h>

namespace qs {

bool TensorType::isFullyKnown() const noexcept
{
    if (!hasShape)
        return false;
    for (const Dim& d : dims)
        if (!d.isKnown())
            return false;
    return true;
}

std::optional<std::vector<int64_t>> TensorType::knownDims() const
{
    if (!isFullyKnown())
        return std::nullopt;
    std::vector<int64_t> out;
    out.reserve(dims.size());
    for (const Dim& d : dims)
        out.push_back(d.value);
    return out;
}

std::string TensorType::shapeString() const
{
    if (!hasShape)
        return "*";
    if (dims.empty())
        return "scalar";
    std::string out;
    for (size_t i = 0; i < dims.size(); ++i) {
        if (i)
            out += 'x';
        if (dims[i].isKnown())
            out += std::to_string(dims[i].value);
        else if (!dims[i].symbol.empty())
            out += dims[i].symbol;
        else
            out += '?';
    }
    return out;
}

std::string TensorType::toString() const
{
    if (elementType == DataType::Undefined && !hasShape)
        return "?";
    return std::string(dataTypeName(elementType)) + "[" + shapeString() + "]";
}

} // namespace qs
