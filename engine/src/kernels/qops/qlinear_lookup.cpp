// SPDX-License-Identifier: MIT
// com.microsoft QLinearSigmoid and QLinearLeakyRelu: X, X_scale, X_zero_point?, Y_scale, Y_zero_point? -> Y.
// Both are a 256-entry table lookup, as in ONNX Runtime: the table is built once at preparation when the
// quantization parameters are constant (every quantizer-written model), otherwise on each run (256 evaluations).
#include "kernels/kernel_registry.h"
#include "kernels/qops/qlinear_params.h"
#include "kernels/qops/qops_register.h"
#include "kernels/shape_util.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace qs::kernels::qops {

namespace {

constexpr size_t kXScale = 1, kXZeroPoint = 2, kYScale = 3, kYZeroPoint = 4;

/// ORT builds its sigmoid table with MLAS's logistic function, a rational approximation (the same minimax
/// coefficients Eigen uses) evaluated with FMA on x86-64, not with exp(). Quantized to 8 bits the two agree except
/// where f(x) / y_scale lands within ~1e-6 of a rounding boundary; evaluating the same approximation the same way
/// makes those rare entries agree too.
void logisticLikeOrt(const float* in, float* out, size_t n)
{
    constexpr float a9 = 4.37031012579801e-11f, a7 = 1.15627324459942e-07f, a5 = 6.08574864600143e-05f,
                    a3 = 8.51377133304701e-03f, a1 = 2.48287947061529e-01f;
    constexpr float b10 = 6.10247389755681e-13f, b8 = 5.76102136993427e-09f, b6 = 6.29106785017040e-06f,
                    b4 = 1.70198817374094e-03f, b2 = 1.16817656904453e-01f, b0 = 9.93151921023180e-01f;
    for (size_t i = 0; i < n; ++i) {
        const float v = std::min(18.0f, std::max(-18.0f, in[i]));
        const float v2 = v * v;
        float p = std::fma(v2, a9, a7);
        p = std::fma(p, v2, a5);
        p = std::fma(p, v2, a3);
        p = std::fma(p, v2, a1);
        p = p * v;
        float q = std::fma(v2, b10, b8);
        q = std::fma(q, v2, b6);
        q = std::fma(q, v2, b4);
        q = std::fma(q, v2, b2);
        q = std::fma(q, v2, b0);
        out[i] = std::clamp(p / q + 0.5f, 0.0f, 1.0f);
    }
}

class LookupKernel final : public Kernel
{
public:
    explicit LookupKernel(bool sigmoid)
        : m_sigmoid(sigmoid)
    { }

    Status prepare(const KernelContext& ctx) override
    {
        QS_RETURN_IF_ERROR(checkScalarParams(ctx, kXScale, kXZeroPoint, "X"));
        QS_RETURN_IF_ERROR(checkScalarParams(ctx, kYScale, kYZeroPoint, "Y"));
        m_type = ctx.inputs[0].type;
        m_count = ctx.inputs[0].elementCount();
        m_xzpType = slotType(ctx.inputs, kXZeroPoint);
        m_yzpType = slotType(ctx.inputs, kYZeroPoint);
        m_alpha = ctx.node.attrFloat("alpha", 0.01f);
        m_fixed = paramsConstant(ctx.inputs, kXScale, kXZeroPoint) && paramsConstant(ctx.inputs, kYScale, kYZeroPoint);
        if (m_fixed)
            build(constantParam(ctx.inputs, kXScale, kXZeroPoint), constantParam(ctx.inputs, kYScale, kYZeroPoint),
                m_table);
        return Status::ok();
    }

    Status run(const KernelArgs& args) const override
    {
        const auto* x = static_cast<const uint8_t*>(args.inputs[0]);
        auto* y = static_cast<uint8_t*>(args.outputs[0]);
        if (m_fixed) {
            applyTable(x, m_table, y, m_count);
            return Status::ok();
        }
        Table table {};
        build(quantParamAt(args, kXScale, kXZeroPoint, m_xzpType), quantParamAt(args, kYScale, kYZeroPoint, m_yzpType),
            table);
        applyTable(x, table, y, m_count);
        return Status::ok();
    }

    std::string implementation() const override { return "cpu:table"; }

private:
    void build(QuantParam x, QuantParam y, Table& table) const
    {
        if (m_sigmoid) {
            buildTable(m_type, x, y, logisticLikeOrt, table);
            return;
        }
        const float alpha = m_alpha;
        buildTable(
            m_type, x, y,
            [alpha](const float* in, float* out, size_t n) {
                for (size_t i = 0; i < n; ++i)
                    out[i] = in[i] >= 0.0f ? in[i] : alpha * in[i];
            },
            table);
    }

    bool m_sigmoid = true;
    DataType m_type = DataType::UInt8;
    DataType m_xzpType = DataType::Undefined;
    DataType m_yzpType = DataType::Undefined;
    int64_t m_count = 0;
    float m_alpha = 0.01f;
    bool m_fixed = false;
    Table m_table {};
};

} // namespace

void registerQLinearLookupKernels(KernelRegistry& r)
{
    r.add(KernelSpec { kMicrosoftDomain, "QLinearSigmoid", 1, 0, inferSameAsInput0,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<LookupKernel>(true); }, acceptInt8Input0, kNoCaps,
        "cpu", "uint8/int8; 256-entry table as ORT builds it" });
    r.add(KernelSpec { kMicrosoftDomain, "QLinearLeakyRelu", 1, 0, inferSameAsInput0,
        []() -> std::unique_ptr<Kernel> { return std::make_unique<LookupKernel>(false); }, acceptInt8Input0, kNoCaps,
        "cpu", "uint8/int8; 256-entry table" });
}

} // namespace qs::kernels::qops
