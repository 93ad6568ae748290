// SPDX-License-Identifier: MIT
// Kernels whose output extents depend on input data (NonZero, Compress, Unique). Their shape function gives
// kRunTimeDim for the extents it cannot know; the kernel then computes its outputs into tensors it allocates. The
// executor folds such a node when its inputs are constant, and otherwise runs it (and everything that reads its
// outputs) in the run-time tail of the plan (exec/run_time_tail.cpp). See README.md, section 7.
#pragma once

#include "kernels/kernel.h"

#include <algorithm>
#include <vector>

namespace qs::kernels {

/// An extent of an output known only when the kernel has run.
inline constexpr int64_t kRunTimeDim = -1;

inline bool hasRunTimeDims(const TensorDesc& d)
{
    return std::find(d.dims.begin(), d.dims.end(), kRunTimeDim) != d.dims.end();
}

/// Small integer, float or bool tensors that the run-time tail hands to shape functions as constants (as `check`
/// binds them at preparation): Reshape's shape, Slice's starts, Resize's scales, an If's condition computed at run
/// time.
inline constexpr int64_t kMaxShapeDataElements = 64;
inline bool isShapeDataCandidate(DataType type, int64_t elements)
{
    return (type == DataType::Int64 || type == DataType::Int32 || type == DataType::Float || type == DataType::Bool)
        && elements <= kMaxShapeDataElements;
}

class DynamicOutputKernel : public Kernel
{
public:
    /// Keeps the input and output descriptions for run(); attributes go to prepareOp().
    Status prepare(const KernelContext& ctx) final;
    /// For a step whose output extents were fixed at preparation (constant deciding inputs): computes and copies,
    /// failing if the data gave other extents than preparation.
    Status run(const KernelArgs& args) const final;
    /// Computes every present output (slot order; an empty HostTensor for omitted ones) into `outputs`. `inputs`
    /// describe this call's extents; `data` points at the input data.
    virtual Status compute(std::span<const TensorDesc> inputs, std::span<const void* const> data,
        std::vector<HostTensor>& outputs) const = 0;

protected:
    virtual Status prepareOp(const KernelContext& ctx) = 0;
    std::string m_node; ///< node.describe(), for messages

private:
    std::vector<TensorDesc> m_inputs;
    std::vector<TensorDesc> m_outputs;
};

} // namespace qs::kernels
