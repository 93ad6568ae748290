// SPDX-License-Identifier: MIT
// Optimized-mode rewrite of static int8 QDQ graphs onto requantizing int8 kernels (rewrite 5; graph_rewrites.cpp
// runs it).
#pragma once

#include "exec/session_plan.h"

namespace qs {

/// Rewrite 5 at every Conv, Add, MaxPool and Gemm step between DequantizeLinear and QuantizeLinear.
void fuseQdqSteps(SessionPlan& plan);

/// Pass qdq-lookup-table: DequantizeLinear -> elementwise float chain -> QuantizeLinear as a byte table.
void fuseQdqLookupTables(SessionPlan& plan);

} // namespace qs
