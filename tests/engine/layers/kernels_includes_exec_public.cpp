// SPDX-License-Identifier: MIT
// Probe of engine_layer_include_boundary: kernels including exec's public header must not build either.
#include <quantscope/engine/session.h>
