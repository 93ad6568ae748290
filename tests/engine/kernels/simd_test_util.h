// SPDX-License-Identifier: MIT
// The vector ISAs the engine's own loops can take on this CPU (and under DNNL_MAX_CPU_ISA), for tests that run every
// one of them against the scalar definitions.
#pragma once

#include "quant/quant_kernels.h"

#include <vector>

namespace qs::kernels {

inline std::vector<quant::QuantIsa> vectorIsas()
{
    std::vector<quant::QuantIsa> isas;
    for (quant::QuantIsa isa : { quant::QuantIsa::Avx2, quant::QuantIsa::Avx512 })
        if (quant::quantKernelTable(isa))
            isas.push_back(isa);
    return isas;
}

} // namespace qs::kernels
