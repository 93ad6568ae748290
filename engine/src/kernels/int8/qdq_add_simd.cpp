// SPDX-License-Identifier: MIT
// Which qdq_add_simd.h loop runs; the loop is in qdq_add_simd_avx512.cpp (AVX2 has none: the caller's cloned loop).
#include "kernels/int8/qdq_add_simd.h"

#include "kernels/simd_table.h"

namespace qs::kernels::int8 {

bool qdqAddSimd(quant::QuantIsa isa, const void* a, bool aSigned, const void* b, bool bSigned, void* y,
    bool /*ySigned*/, int64_t n, const QdqAddParams& p)
{
    const detail::QdqAddSimd* simd = simdTable<detail::QdqAddSimd>(isa, nullptr, &detail::kQdqAddAvx512);
    if (!simd)
        return false;
    simd->add(a, aSigned, b, bSigned, y, n, p);
    return true;
}

} // namespace qs::kernels::int8
