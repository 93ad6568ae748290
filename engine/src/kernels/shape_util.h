// SPDX-License-Identifier: MIT
// Helpers shared by shape functions and kernels: broadcasting, axis normalisation, constant-input decoding.
#pragma once

#include "kernels/kernel.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace qs::kernels {

/// Numpy-style multidirectional broadcast of two shapes; InvalidModel naming the node when incompatible.
Result<std::vector<int64_t>> broadcastShapes(const Node& node, std::span<const int64_t> a, std::span<const int64_t> b);
/// Broadcast of all present inputs.
Result<std::vector<int64_t>> broadcastInputs(const Node& node, std::span<const TensorDesc> inputs);

/// Maps a possibly negative axis into [0, rank); InvalidModel when out of range.
Result<int64_t> normalizeAxis(const Node& node, int64_t axis, int64_t rank);

/// The values of a constant integer input (int32 or int64) as int64; nullopt when the input is absent or not
/// constant. Kernels whose shape depends on it fail with Unsupported then ("data-dependent shape").
std::optional<std::vector<int64_t>> constantInts(const TensorDesc& desc);
/// The values of a constant float input (float/double/float16) as float.
std::optional<std::vector<float>> constantFloats(const TensorDesc& desc);

/// True when input slot i exists (present and not omitted).
inline bool hasInput(std::span<const TensorDesc> inputs, size_t i)
{
    return i < inputs.size() && inputs[i].type != DataType::Undefined;
}

/// Row-major strides of a shape, in elements.
std::vector<int64_t> stridesOf(std::span<const int64_t> dims);

/// A tensor seen as [outer, axis, inner] around one (normalised) axis: what every per-axis kernel loops over.
struct AxisSplit
{
    int64_t outer = 1; ///< product of the dims before the axis
    int64_t axis = 1; ///< the axis' own dim
    int64_t inner = 1; ///< product of the dims after the axis
};
AxisSplit splitAtAxis(std::span<const int64_t> dims, int64_t axis);
/// f(base, line) for every line along the axis (s.outer * s.inner of them, in row-major order): the line's elements
/// are at base + i * s.inner, i < s.axis; `line` = o * s.inner + in indexes the output of a per-line reduction.
template <typename F> void forEachAxisLine(const AxisSplit& s, F&& f)
{
    for (int64_t o = 0; o < s.outer; ++o)
        for (int64_t in = 0; in < s.inner; ++in)
            f(o * s.axis * s.inner + in, o * s.inner + in);
}

/// Strides of `inDims` broadcast to `outDims` (0 where broadcast), aligned right; in elements.
std::vector<int64_t> broadcastStrides(std::span<const int64_t> inDims, std::span<const int64_t> outDims);

// ---- Reusable shape functions ----
/// Output 0 = input 0 (type and shape): unary elementwise ops, activations, Softmax, normalisations.
Status inferSameAsInput0(const Node& node, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs);
/// Output 0 = broadcast of all inputs, type of input 0: Add, Mul, Min, Max, Where (uses inputs 1..2's type), ...
Status inferBroadcast(const Node& node, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs);
/// Output 0 = broadcast of all inputs, type bool: Equal, Less, And, ...
Status inferBroadcastBool(const Node& node, std::span<const TensorDesc> inputs, std::vector<TensorDesc>& outputs);

/// Unsupported unless input 0 is float (the common AcceptFunction of FP32-only kernels).
Status acceptFloatInput0(const Node& node, std::span<const TensorDesc> inputs);

} // namespace qs::kernels
