// SPDX-License-Identifier: MIT
// Optimized-mode rewrite of static int8 QDQ graphs onto requantizing int8 kernels (rewrite 5; graph_rewrites.cpp
// runs it).
#pragma once

#include "exec/session_plan.h"

namespace qs {

/// Rewrite 5 at every Conv, Add, MaxPool and Gemm step between DequantizeLinear and QuantizeLinear.
void fuseQdqSteps(SessionPlan& plan);

/// Part of rewrite 5 (fuseQdqSteps runs it after the convolutions and adds, before MaxPool): DequantizeLinear of each
/// part -> Concat -> QuantizeLinear as a concatenation of the 8-bit parts, requantized by a byte table where a part's
/// parameters differ.
void fuseQdqConcats(SessionPlan& plan);

/// Pass qdq-lookup-table: DequantizeLinear -> elementwise float chain -> QuantizeLinear as a byte table.
void fuseQdqLookupTables(SessionPlan& plan);

} // namespace qs
