// SPDX-License-Identifier: MIT
// The ISA the engine's own vector kernels run (quant/ and kernels/): the widest this CPU has, capped like oneDNN by
// DNNL_MAX_CPU_ISA. The one header of src/quant's ISA choice that other layers include; the per-ISA tables behind
// it stay internal (quant_kernels.h).
#pragma once

namespace qs::quant {

enum class QuantIsa
{
    Scalar,
    Avx2,
    Avx512,
};

const char* quantIsaName(QuantIsa isa) noexcept;

/// True when this CPU (and this build) runs `isa`, whatever the cap.
bool cpuRunsQuantIsa(QuantIsa isa) noexcept;
/// The widest ISA this CPU runs, chosen once (AVX-512 F+BW, else AVX2, else scalar), capped like oneDNN by
/// DNNL_MAX_CPU_ISA / ONEDNN_MAX_CPU_ISA ("AVX2" -> AVX2; "SSE41", "AVX" -> scalar; "AVX512_*", "ALL" -> no cap).
QuantIsa bestQuantIsa() noexcept;
/// The cap those variables set (Avx512 when unset).
QuantIsa quantIsaCap() noexcept;

} // namespace qs::quant
