// SPDX-License-Identifier: MIT
// y[i] = table[x[i]] over bytes: the 256-entry lookup that the qdq-lookup-table pass makes of a chain of elementwise
// float ops between a per-tensor DequantizeLinear and QuantizeLinear (exec/passes/qdq_lookup_table.cpp). The vector
// paths: AVX-512 VBMI's vpermi2b looks up 64 bytes in the table's two 128-byte halves at once; AVX2 splits the table
// into 16 rows of 16 bytes and gathers each row with vpshufb. The scalar loop is the tests' oracle and the path of
// CPUs without AVX2 (the implementation string says which one runs).
#pragma once

#include <array>
#include <cstdint>

namespace qs::kernels::int8 {

enum class ByteLookupIsa
{
    Scalar,
    Avx2,
    Avx512Vbmi,
};

using ByteTable = std::array<uint8_t, 256>;

/// "scalar", "avx2", "avx512vbmi".
const char* byteLookupIsaName(ByteLookupIsa isa) noexcept;

/// The widest path this CPU runs under the engine's ISA cap (quant::bestQuantIsa(), DNNL_MAX_CPU_ISA): AVX-512 VBMI
/// when the cap allows AVX-512 and the CPU has VBMI, else AVX2, else scalar.
ByteLookupIsa bestByteLookupIsa() noexcept;

/// Whether this CPU can run `isa` (regardless of the cap): the tests run every path it can.
bool byteLookupIsaAvailable(ByteLookupIsa isa) noexcept;

/// y[i] = table[x[i]] for i in [0, n) on `isa` (which must be available); x == y is allowed.
void lookupBytes(const uint8_t* x, const ByteTable& table, uint8_t* y, int64_t n, ByteLookupIsa isa) noexcept;

namespace detail {
/// The loop of one ISA (byte_lookup_avx2.cpp, byte_lookup_avx512.cpp).
struct ByteLookupSimd
{
    void (*lookup)(const uint8_t* x, const ByteTable& table, uint8_t* y, int64_t n) noexcept;
};
extern const ByteLookupSimd kByteLookupAvx2;
extern const ByteLookupSimd kByteLookupAvx512Vbmi;
} // namespace detail

} // namespace qs::kernels::int8
