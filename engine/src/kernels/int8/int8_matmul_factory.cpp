// SPDX-License-Identifier: MIT
#include "kernels/int8/int8_matmul_factory.h"

#include "kernels/int8/int8_node_util.h"

#include <fmt/format.h>

namespace qs::kernels::int8 {

Result<std::unique_ptr<Int8MatMul>> createInt8MatMul(int64_t k, int64_t n, int64_t batch, DataType aType,
    DataType bType, const void* b, const void* zeroPoints, DataType zeroPointType, int64_t zeroPointCount,
    const std::string& node)
{
    Int8Weights wd { bType, b, {} };
    for (int64_t i = 0; i < zeroPointCount; ++i)
        wd.zeroPoints.push_back(zeroPointAt(zeroPoints, zeroPointType, i));
    auto mm = Int8MatMul::create(k, n, batch, aType, wd);
    if (!mm.isOk())
        return mm.status().withContext(fmt::format("node {}", node));
    return std::move(mm).value();
}

} // namespace qs::kernels::int8
