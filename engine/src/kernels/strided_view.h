// SPDX-License-Identifier: MIT
// A tensor read in place through an element offset, dims and strides: what a chain of Slice, Reshape-like and
// Transpose nodes does to a stored tensor without copying it. The float matmul reads an operand through one
// (fused_matmul.h's kAView / kBView) instead of running those nodes' copies.
#pragma once

#include <quantscope/engine/host_tensor.h>
#include <quantscope/engine/status.h>

#include <cstdint>
#include <span>
#include <vector>

namespace qs::kernels {

struct StridedView
{
    int64_t offset = 0; ///< in elements, from the stored tensor's first element
    std::vector<int64_t> dims;
    std::vector<int64_t> strides; ///< in elements, one per dim

    /// The stored tensor itself, row-major.
    static StridedView plain(std::span<const int64_t> dims);
    /// Offset 0 and row-major strides (a unit dim's stride is never used): reading through it is reading the stored
    /// tensor as is.
    bool isPlain() const;
    /// The element span it touches from its offset: 1 + sum((dims[i] - 1) * strides[i]); 0 when a dim is 0.
    int64_t extent() const;
};

/// Slice by normalised starts and steps per dim (kernels/cpu/slice_spec.h) to `outDims`.
StridedView sliceView(const StridedView& v, std::span<const int64_t> starts, std::span<const int64_t> steps,
    std::span<const int64_t> outDims);
/// The view with `perm` applied (output dim i is input dim perm[i]); perm must be a permutation of the rank.
StridedView transposeView(const StridedView& v, std::span<const int64_t> perm);
/// The same elements in row-major order as `newDims`, when strides can express it without a copy (NumPy's rule:
/// each group of old dims merged into new ones must be contiguous among themselves); false otherwise.
bool reshapeView(const StridedView& v, std::span<const int64_t> newDims, StridedView& out);

/// As an int64 constant of a plan: {offset, dims..., strides...}.
HostTensor encodeView(const StridedView& v);
/// The view a constant of encodeView() holds, checked to stay inside a stored tensor of `storedElements` with
/// positive dims and non-negative strides; InvalidArgument otherwise.
Result<StridedView> decodeView(const HostTensor& t, int64_t storedElements);

} // namespace qs::kernels
