// SPDX-License-Identifier: MIT
// How a family of the engine's own vector loops is chosen (kernels/README.md, "Vector loops: per-ISA files behind
// one table per family"): each ISA's loops live in their own translation unit and fill one table of plain function
// pointers, and the family asks simdTable() for the table of the ISA it was given (quant::bestQuantIsa() in
// kernels: the CPU's widest, capped by DNNL_MAX_CPU_ISA like oneDNN; every ISA in turn in the tests).
#pragma once

#include "quant/quant_isa.h"

namespace qs::kernels {

/// The family's table for `isa`: nullptr for Scalar, for an ISA this CPU cannot run, or when the family has no
/// table for it. A family whose widest loops are AVX2 passes its AVX2 table as `avx512` too (an AVX-512 CPU runs them).
template <typename Table> const Table* simdTable(quant::QuantIsa isa, const Table* avx2, const Table* avx512) noexcept
{
    const Table* t = nullptr;
    if (isa == quant::QuantIsa::Avx2)
        t = avx2;
    else if (isa == quant::QuantIsa::Avx512)
        t = avx512;
    return t && quant::cpuRunsQuantIsa(isa) ? t : nullptr;
}

} // namespace qs::kernels
