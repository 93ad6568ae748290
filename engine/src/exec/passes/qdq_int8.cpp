// SPDX-License-Identifier: MIT
// Optimized-mode pass "qdq-int8" (formerly rewrite 5; order in graph_rewrites.cpp).
// The pattern it matches and its preconditions are the two strings below (`quantscope-cli plan` cites the name).
#include "exec/qdq_rewrites.h"
#include "exec/rewrite_pass.h"

namespace qs {

extern const RewritePass kQdqInt8Pass { "qdq-int8",
    "DequantizeLinear(x), DequantizeLinear(w) [, DequantizeLinear(bias)] -> Conv [-> Relu/Clip] -> QuantizeLinear "
    "becomes one requantizing int8 convolution; DequantizeLinear(a), DequantizeLinear(b) -> Add [-> Relu] -> "
    "QuantizeLinear one int8 add (then folded into the convolution producing one operand); DequantizeLinear of each "
    "part -> Concat -> QuantizeLinear a concatenation of the 8-bit parts (a part with other parameters requantized by "
    "a byte table made from its DequantizeLinear); DequantizeLinear -> MaxPool "
    "-> QuantizeLinear (same parameters) an integer MaxPool; DequantizeLinear -> Gemm -> QuantizeLinear one QGemm; "
    "DequantizeLinear -> GlobalAveragePool (or ReduceMean over the spatial axes, or a whole-input "
    "AveragePool) -> QuantizeLinear an int32 sum per channel with one requantization (ONNX Runtime's "
    "QLinearGlobalAveragePool); DequantizeLinear(a), DequantizeLinear(b) -> Mul -> QuantizeLinear, b of a's shape or "
    "one value per channel (squeeze-excite), an int8 multiply computing the authored float operations. A "
    "Cast to the type the tensor already has between QuantizeLinear and DequantizeLinear is looked through and "
    "absorbed.",
    "runs first, on unfused steps: otherwise the float post-op fusion would take Conv -> Relu out of the QDQ chain. "
    "Weights, scales and zero points constant; per-tensor activation scales; the intermediate float values read by "
    "nothing else.",
    [](SessionPlan& plan) -> Status {
        fuseQdqSteps(plan);
        return Status::ok();
    } };

} // namespace qs
