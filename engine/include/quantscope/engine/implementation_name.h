// SPDX-License-Identifier: MIT
// What an implementation string says about the kernel behind it. The kernels name themselves
// (Kernel::implementation(): "onednn:jit:avx2", "cpu:avx512", "cpu:reference"); plans, profiles and run files carry
// the names, and the diagnosis warns about the slow ones.
#pragma once

#include <string_view>

namespace qs {

/// True for an implementation string naming a reference (unoptimised, often 10-100x slower) kernel: oneDNN's `ref`
/// implementations ("onednn:ref:any", also inside composite strings such as "onednn:onednn:ref:any"), the engine's
/// "cpu:reference" loops, and own kernels reporting "cpu:scalar" where a vector path exists but does not apply.
bool isReferenceImplementation(std::string_view implementation) noexcept;

} // namespace qs
