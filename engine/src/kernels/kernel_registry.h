// SPDX-License-Identifier: MIT
// The registry of kernels, keyed by (domain, op type, opset range); instance() knows every kernel of src/kernels.
// A session selects from exec's sessionKernels(), which adds the control-flow kernels (If, Loop, Scan).
#pragma once

#include "kernels/kernel.h"

#include <string_view>
#include <vector>

namespace qs::kernels {

class KernelRegistry
{
public:
    /// The kernels of src/kernels (built on first use, thread-safe, immutable afterwards).
    static const KernelRegistry& instance();

    void add(const KernelSpec& spec);
    void add(std::span<const KernelSpec> specs);

    /// The registrations for (domain, opType) whose opset range covers `opset`, in registration order.
    std::vector<const KernelSpec*> candidates(std::string_view domain, std::string_view opType, int64_t opset) const;
    /// True when some registration exists for (domain, opType) at any opset (to word error messages).
    bool knowsOp(std::string_view domain, std::string_view opType) const;
    /// "1..12, 13.." style description of the supported opset ranges of an op, for messages.
    std::string opsetRanges(std::string_view domain, std::string_view opType) const;

    /// First candidate whose accepts() passes; Unsupported with the reason(s) otherwise.
    Result<const KernelSpec*> select(const Node& node, std::span<const TensorDesc> inputs) const;

    const std::vector<KernelSpec>& all() const noexcept { return m_specs; }

private:
    std::vector<KernelSpec> m_specs;
};

/// Registration functions, one per kernel family file; called once, in order, by KernelRegistry::instance().
void registerElementwiseKernels(KernelRegistry& registry);
void registerActivationKernels(KernelRegistry& registry);
void registerShapeKernels(KernelRegistry& registry);
void registerTensorKernels(KernelRegistry& registry);
void registerPoolKernels(KernelRegistry& registry);
void registerNormalizationKernels(KernelRegistry& registry);
void registerResizeKernels(KernelRegistry& registry);
void registerReduceKernels(KernelRegistry& registry);
void registerPadKernels(KernelRegistry& registry);
void registerDepthSpaceKernels(KernelRegistry& registry);
void registerGatherElementsKernels(KernelRegistry& registry);
void registerTopKKernels(KernelRegistry& registry);
// fp32ops: kernels added for conformance coverage and detector/OCR/transformer exports.
void registerUnaryExtraKernels(KernelRegistry& registry);
void registerBitwiseKernels(KernelRegistry& registry); ///< opset 18 BitwiseAnd/Or/Xor/Not
void registerMatrixKernels(KernelRegistry& registry);
void registerEinsumKernels(KernelRegistry& registry);
void registerScatterGatherKernels(KernelRegistry& registry);
void registerLrnKernels(KernelRegistry& registry);
void registerNonMaxSuppressionKernels(KernelRegistry& registry);
void registerRecurrentKernels(KernelRegistry& registry);
void registerOneDnnKernels(KernelRegistry& registry);
void registerInt8Kernels(KernelRegistry& registry);
void registerQLinearKernels(KernelRegistry& registry);
/// com.microsoft QOperator kernels (kernels/qops); must run after registerInt8Kernels, whose Q/DQ it reuses.
void registerQOpsKernels(KernelRegistry& registry);

} // namespace qs::kernels
