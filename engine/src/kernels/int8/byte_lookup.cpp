// SPDX-License-Identifier: MIT
// The scalar loop of byte_lookup.h and the choice among it and the vector ones (byte_lookup_avx2.cpp,
// byte_lookup_avx512.cpp). VBMI is a feature beyond the quant::QuantIsa levels, so this family keeps its own gate.
#include "kernels/int8/byte_lookup.h"

#include "quant/quant_isa.h"

namespace qs::kernels::int8 {

namespace {

void lookupScalar(const uint8_t* x, const ByteTable& table, uint8_t* y, int64_t n) noexcept
{
    for (int64_t i = 0; i < n; ++i)
        y[i] = table[x[i]];
}

} // namespace

const char* byteLookupIsaName(ByteLookupIsa isa) noexcept
{
    switch (isa) {
    case ByteLookupIsa::Avx512Vbmi:
        return "avx512vbmi";
    case ByteLookupIsa::Avx2:
        return "avx2";
    case ByteLookupIsa::Scalar:
        break;
    }
    return "scalar";
}

bool byteLookupIsaAvailable(ByteLookupIsa isa) noexcept
{
    switch (isa) {
    case ByteLookupIsa::Avx512Vbmi:
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")
            && __builtin_cpu_supports("avx512vbmi");
    case ByteLookupIsa::Avx2:
        return __builtin_cpu_supports("avx2");
    case ByteLookupIsa::Scalar:
        break;
    }
    return true;
}

ByteLookupIsa bestByteLookupIsa() noexcept
{
    static const ByteLookupIsa best = [] {
        const quant::QuantIsa cap = quant::bestQuantIsa();
        if (cap == quant::QuantIsa::Avx512 && byteLookupIsaAvailable(ByteLookupIsa::Avx512Vbmi))
            return ByteLookupIsa::Avx512Vbmi;
        if (cap != quant::QuantIsa::Scalar && byteLookupIsaAvailable(ByteLookupIsa::Avx2))
            return ByteLookupIsa::Avx2;
        return ByteLookupIsa::Scalar;
    }();
    return best;
}

void lookupBytes(const uint8_t* x, const ByteTable& table, uint8_t* y, int64_t n, ByteLookupIsa isa) noexcept
{
    switch (isa) {
    case ByteLookupIsa::Avx512Vbmi:
        detail::kByteLookupAvx512Vbmi.lookup(x, table, y, n);
        return;
    case ByteLookupIsa::Avx2:
        detail::kByteLookupAvx2.lookup(x, table, y, n);
        return;
    case ByteLookupIsa::Scalar:
        break;
    }
    lookupScalar(x, table, y, n);
}

} // namespace qs::kernels::int8
