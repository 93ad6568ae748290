// SPDX-License-Identifier: MIT
#include "kernels/kernel_registry.h"

#include "kernels/op_registrations.h"

#include <fmt/format.h>

namespace qs::kernels {

namespace {
bool covers(const KernelSpec& s, int64_t opset)
{
    return opset >= s.sinceVersion && (s.untilVersion == 0 || opset <= s.untilVersion);
}
} // namespace

const KernelRegistry& KernelRegistry::instance()
{
    static const KernelRegistry registry = [] {
        KernelRegistry r;
        // oneDNN first: where it and a CPU kernel both accept a node, the first registration wins.
        registerOneDnnKernels(r);
        registerElementwiseKernels(r);
        registerActivationKernels(r);
        registerShapeKernels(r);
        registerTensorKernels(r);
        registerPoolKernels(r);
        registerNormalizationKernels(r);
        registerResizeKernels(r);
        registerReduceKernels(r);
        registerPadKernels(r);
        registerDepthSpaceKernels(r);
        registerGatherElementsKernels(r);
        registerTopKKernels(r);
        // fp32ops block
        registerUnaryExtraKernels(r);
        registerBitwiseKernels(r);
        registerMatrixKernels(r);
        registerEinsumKernels(r);
        registerScatterGatherKernels(r);
        registerLrnKernels(r);
        registerNonMaxSuppressionKernels(r);
        registerRecurrentKernels(r);
        registerNonZeroKernels(r);
        registerCompressKernels(r);
        registerUniqueKernels(r);
        registerGridSampleKernels(r);
        registerAffineGridKernels(r);
        registerRoiAlignKernels(r);
        registerDetKernels(r);
        registerMaxUnpoolKernels(r);
        registerBatchNormTrainingKernels(r);
        registerNegativeLogLikelihoodLossKernels(r);
        registerSoftmaxCrossEntropyLossKernels(r);
        registerFloat16ViaFloatKernels(r);
        registerInt8Kernels(r);
        registerQLinearKernels(r);
        registerQOpsKernels(r);
        return r;
    }();
    return registry;
}

void KernelRegistry::add(const KernelSpec& spec)
{
    m_specs.push_back(spec);
}

void KernelRegistry::add(std::span<const KernelSpec> specs)
{
    for (const KernelSpec& s : specs)
        add(s);
}

std::vector<const KernelSpec*> KernelRegistry::candidates(
    std::string_view domain, std::string_view opType, int64_t opset) const
{
    std::vector<const KernelSpec*> out;
    for (const KernelSpec& s : m_specs)
        if (s.domain == domain && s.opType == opType && covers(s, opset))
            out.push_back(&s);
    return out;
}

bool KernelRegistry::knowsOp(std::string_view domain, std::string_view opType) const
{
    for (const KernelSpec& s : m_specs)
        if (s.domain == domain && s.opType == opType)
            return true;
    return false;
}

std::string KernelRegistry::opsetRanges(std::string_view domain, std::string_view opType) const
{
    std::string out;
    for (const KernelSpec& s : m_specs) {
        if (s.domain != domain || s.opType != opType)
            continue;
        if (!out.empty())
            out += ", ";
        out += s.untilVersion ? fmt::format("{}..{}", s.sinceVersion, s.untilVersion)
                              : fmt::format("{}..", s.sinceVersion);
    }
    return out;
}

Result<const KernelSpec*> KernelRegistry::select(const Node& node, std::span<const TensorDesc> inputs) const
{
    const auto cands = candidates(node.domain, node.opType, node.opsetVersion);
    if (cands.empty()) {
        if (knowsOp(node.domain, node.opType))
            return Status(StatusCode::Unsupported,
                fmt::format("opset {} not supported (supported: {})", node.opsetVersion,
                    opsetRanges(node.domain, node.opType)));
        return Status(StatusCode::Unsupported, "no kernel for this operator");
    }
    std::string reasons;
    for (const KernelSpec* s : cands) {
        if (!s->accepts)
            return s;
        Status st = s->accepts(node, inputs);
        if (st.isOk())
            return s;
        if (!reasons.empty())
            reasons += "; ";
        reasons += st.message();
    }
    return Status(StatusCode::Unsupported, reasons);
}

} // namespace qs::kernels
