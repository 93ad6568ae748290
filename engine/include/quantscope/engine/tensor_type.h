// SPDX-License-Identifier: MIT
// Static type of a graph value: element type plus a possibly partial shape (free or symbolic dimensions).
#pragma once

#include <quantscope/engine/data_type.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace qs {

/// One dimension: a known size, a named free dimension ("batch"), or completely unknown.
struct Dim
{
    int64_t value = -1; ///< >= 0 when known
    std::string symbol; ///< dim_param, when the model names the dimension

    bool isKnown() const noexcept { return value >= 0; }
    static Dim known(int64_t v) { return Dim { v, {} }; }
    static Dim symbolic(std::string name) { return Dim { -1, std::move(name) }; }
    bool operator==(const Dim&) const = default;
};

struct TensorType
{
    DataType elementType = DataType::Undefined;
    bool hasShape = false; ///< false: even the rank is unknown
    std::vector<Dim> dims;

    bool isFullyKnown() const noexcept;
    /// The concrete dims when every dim is known.
    std::optional<std::vector<int64_t>> knownDims() const;
    /// "float[1x3x640x640]", "uint8[?x3xbatch]", "float[*]" (unknown rank), "?" (unknown type).
    std::string toString() const;
    /// "1x3x?x640"; "*" when the rank is unknown; "scalar" for rank 0.
    std::string shapeString() const;
    bool operator==(const TensorType&) const = default;
};

} // namespace qs
