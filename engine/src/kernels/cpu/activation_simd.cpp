// SPDX-License-Identifier: MIT
#include "kernels/cpu/activation_simd.h"

namespace qs::kernels {

VectorActivationFn vectorActivation(VectorActivation op, quant::QuantIsa isa) noexcept
{
    // cpuRunsQuantIsa answers whether this CPU runs the ISA at all (the cap is the caller's business).
    if (isa == quant::QuantIsa::Scalar || !quant::cpuRunsQuantIsa(isa))
        return nullptr;
    return isa == quant::QuantIsa::Avx512 ? detail::vectorActivationAvx512(op) : detail::vectorActivationAvx2(op);
}

} // namespace qs::kernels
