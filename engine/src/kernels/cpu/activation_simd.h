// SPDX-License-Identifier: MIT
// Vector (AVX2 / AVX-512) loops for the float activations that models run over whole feature maps, chosen at run time
// like the quantization kernels (quant::bestQuantIsa(): the CPU, capped by DNNL_MAX_CPU_ISA). Each computes the scalar
// definition of kernels/cpu/activation.cpp with the engine's vector exp (kernels/simd_exp.h) where that one calls
// std::exp or std::tanh, so both execution modes and every caller get them without a graph rewrite.
#pragma once

#include "quant/quant_isa.h"

#include <cstdint>

namespace qs::kernels {

enum class VectorActivation
{
    Relu,
    LeakyRelu, ///< a = alpha
    Elu, ///< a = alpha
    Celu, ///< a = alpha
    Selu, ///< a = alpha, b = gamma
    Sigmoid,
    HardSigmoid, ///< a = alpha, b = beta
    HardSwish,
    Softsign,
    Tanh,
    Exp,
    Clip, ///< a = min, b = max
    Softplus,
    Mish,
    Erf,
    Gelu, ///< the erf form

};

/// y[i] = op(x[i]) for i in [0, n); x == y is allowed.
using VectorActivationFn = void (*)(const float* x, float* y, int64_t n, float a, float b);

/// The loop for `op` on `isa`; nullptr for QuantIsa::Scalar or when this CPU cannot run `isa`.
VectorActivationFn vectorActivation(VectorActivation op, quant::QuantIsa isa) noexcept;

namespace detail {
VectorActivationFn vectorActivationAvx2(VectorActivation op) noexcept;
VectorActivationFn vectorActivationAvx512(VectorActivation op) noexcept;
} // namespace detail

} // namespace qs::kernels
