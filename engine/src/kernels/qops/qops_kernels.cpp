// SPDX-License-Identifier: MIT
// registerQOpsKernels: the com.microsoft QOperator kernels, and com.microsoft QuantizeLinear / DequantizeLinear,
// which share the ai.onnx kernels (same inputs, `axis` attribute and per-tensor / per-axis semantics; ORT's contrib
// versions are the pre-opset-13 ONNX ops with per-axis support).
#include "kernels/kernel_registry.h"
#include "kernels/qops/qops_register.h"

#include <cstdio>
#include <cstdlib>

namespace qs::kernels {

void registerQOpsKernels(KernelRegistry& r)
{
    qops::registerQLinearBinaryKernels(r);
    qops::registerQLinearLookupKernels(r);
    qops::registerQLinearSoftmaxKernels(r);
    qops::registerQLinearConcatKernels(r);
    qops::registerQLinearPoolKernels(r);
    qops::registerMatMulIntegerToFloatKernels(r);
    for (const char* op : { "QuantizeLinear", "DequantizeLinear" }) {
        // Registered by registerInt8Kernels, which instance() calls first; copy its spec under the contrib domain.
        const auto onnx = r.candidates("", op, 13);
        if (onnx.empty()) {
            std::fprintf(stderr, "registerQOpsKernels: ai.onnx %s must be registered first\n", op);
            std::abort();
        }
        KernelSpec spec = *onnx.front();
        spec.domain = kMicrosoftDomain;
        spec.sinceVersion = 1;
        spec.untilVersion = 0;
        r.add(spec);
    }
}

} // namespace qs::kernels
