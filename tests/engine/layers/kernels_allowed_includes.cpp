// SPDX-License-Identifier: MIT
// Control probe of engine_layer_include_boundary: a kernels file may include its own layer, the layers it uses (quant,
// ir, support) and their public headers. Compiled only by the test, never linked.
#include "kernels/kernel.h"
#include "quant/quant_isa.h"

#include <quantscope/engine/host_tensor.h>
#include <quantscope/engine/implementation_name.h>
