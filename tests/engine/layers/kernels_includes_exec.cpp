// SPDX-License-Identifier: MIT
// Probe of engine_layer_include_boundary: kernels (tier 2) including the executor (tier 3) must not build.
#include "exec/session_plan.h"
