// SPDX-License-Identifier: MIT
// The int8 kernel switches (int8_kernel_options.h) the tests of one executable hand to every session and Int8Conv
// they create: the defaults, or what the executable's command line asks for (int8_test_main.cpp). The avx2own. ctest
// variant of test_int8_kernels passes --int8-own-avx2=everywhere, which runs all its suites with the engine's own AVX2
// convolution kernel wherever it can run (tests/engine/int8/CMakeLists.txt).
#pragma once

#include <quantscope/engine/int8_kernel_options.h>

#include <string>

namespace qs::test {

/// Set once by main before any test runs; read by the tests.
inline Int8KernelOptions& int8TestOptions()
{
    static Int8KernelOptions options;
    return options;
}

/// The avx2own. variant: the own kernel forced on every shape it can run (the rule's choices are not asserted then).
inline bool ownAvx2ConvForced()
{
    return int8TestOptions().ownAvx2Conv == Int8KernelOptions::OwnAvx2Conv::Everywhere;
}

/// The own convolution kernel's implementation names: its AVX2 microkernels, or its AVX-512BW ones (where the engine's
/// vector ISA, quant::bestQuantIsa(), is AVX-512: natively and under DNNL_MAX_CPU_ISA=AVX512_CORE).
inline bool isOwnConvKernel(const std::string& implementation)
{
    return implementation == "qs:avx2_int8" || implementation == "qs:avx512_int8";
}

} // namespace qs::test
