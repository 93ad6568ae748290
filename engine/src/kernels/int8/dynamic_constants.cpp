// SPDX-License-Identifier: MIT
#include "kernels/int8/dynamic_constants.h"

#include "kernels/int8/dynamic_conv.h"
#include "kernels/int8/dynamic_matmul.h"
#include "kernels/shape_util.h"

namespace qs::kernels::int8 {

using namespace dynamic_conv;
static_assert(int(kW) == dynamic_matmul::kW && int(kWZeroPoint) == dynamic_matmul::kWZeroPoint
    && int(kWScale) == dynamic_matmul::kWScale && int(kBias) == dynamic_matmul::kBias);

Int8Weights readDynamicConstants(const KernelContext& ctx, std::vector<float>& wScales, std::vector<float>& bias)
{
    const TensorDesc& w = ctx.inputs[kW];
    const bool hasWzp = hasInput(ctx.inputs, kWZeroPoint);
    Int8Weights wd { w.type, w.constant->rawData(), {} };
    const int64_t wzpCount = hasWzp ? ctx.inputs[kWZeroPoint].elementCount() : 1;
    for (int64_t i = 0; i < wzpCount; ++i)
        wd.zeroPoints.push_back(hasWzp ? int32_t(ctx.inputs[kWZeroPoint].constant->valueAsDouble(i)) : 0);
    const HostTensor& ws = *ctx.inputs[kWScale].constant;
    for (int64_t i = 0; i < ws.elementCount(); ++i)
        wScales.push_back(float(ws.valueAsDouble(i)));
    if (hasInput(ctx.inputs, kBias)) {
        const HostTensor& b = *ctx.inputs[kBias].constant;
        for (int64_t i = 0; i < b.elementCount(); ++i)
            bias.push_back(float(b.valueAsDouble(i)));
    }
    return wd;
}

} // namespace qs::kernels::int8
