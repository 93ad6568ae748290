// SPDX-License-Identifier: MIT
// Building an Int8MatMul from a B tensor and its zero points as the graph holds them, shared by the MatMulInteger,
// QLinearMatMul/QGemm and MatMulIntegerToFloat kernels (at prepare for a constant B, else at run time).
#pragma once

#include "kernels/int8/int8_matmul.h"

#include <memory>
#include <string>

namespace qs::kernels::int8 {

/// B is [batch, K, N] of `bType`; `zeroPointCount` zero points (1 or N) of `zeroPointType` are read from
/// `zeroPoints` (null: all 0). A failure names `node`.
Result<std::unique_ptr<Int8MatMul>> createInt8MatMul(int64_t k, int64_t n, int64_t batch, DataType aType,
    DataType bType, const void* b, const void* zeroPoints, DataType zeroPointType, int64_t zeroPointCount,
    const std::string& node);

} // namespace qs::kernels::int8
