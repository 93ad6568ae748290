// SPDX-License-Identifier: MIT
// The matching behind pass "matmul-views" (exec/passes/matmul_views.cpp states its pattern and preconditions).
#pragma once

namespace qs {

class SessionPlan;

/// Pass "matmul-views": the Slice, Reshape-like and Transpose steps and a power-of-two Div or Mul before a float
/// MatMul's operands become a strided view the matmul reads in place and its output scale.
void foldMatMulOperandViews(SessionPlan& plan);

} // namespace qs
