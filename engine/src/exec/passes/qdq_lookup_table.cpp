// SPDX-License-Identifier: MIT
// Optimized-mode pass "qdq-lookup-table" (order in graph_rewrites.cpp).
// The pattern it matches and its preconditions are the two strings below (`quantscope-cli plan` cites the name).
#include "exec/qdq_rewrites.h"
#include "exec/rewrite_pass.h"

namespace qs {

extern const RewritePass kQdqLookupTablePass { "qdq-lookup-table",
    "DequantizeLinear(x) -> elementwise float ops on that one input (HardSigmoid·Mul(x, ·) as HardSwish, Sigmoid·Mul "
    "as SiLU, HardSigmoid, Sigmoid, Tanh, Relu, Clip, LeakyRelu, Erf/Gelu, arithmetic with scalar constants...) -> "
    "QuantizeLinear becomes one 256-entry byte lookup (AVX-512 VBMI or AVX2 gather). The table is the unfused steps' "
    "own kernels run at preparation on the 256 input bytes, so the output is the step-by-step graph's bit for bit. A "
    "same-type Cast before the DequantizeLinear is looked through and absorbed. Then an 8-bit step reading only x, "
    "such a table's output t = table[x] and scalar constants (qdq-int8's int8 Mul of SiLU written with Q -> DQ on the "
    "Sigmoid's output, as ONNX Runtime's quantizer writes it) joins the table: its kernel run on the 256 (x, t) pairs.",
    "after qdq-int8 (which takes Conv/Add -> Relu/Clip -> QuantizeLinear first). x is uint8/int8, plain, with scalar "
    "constant scale and zero point, as are the QuantizeLinear's; every chain value has x's shape, is read only by "
    "chain steps or the one QuantizeLinear, and is neither a graph output nor read by the run-time tail. Joining: t "
    "is read only by that step, which writes x's shape, plain.",
    [](SessionPlan& plan) -> Status {
        fuseQdqLookupTables(plan);
        return Status::ok();
    } };

} // namespace qs
