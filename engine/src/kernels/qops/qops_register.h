// SPDX-License-Identifier: MIT
// The registration functions of the com.microsoft QOperator kernel files; registerQOpsKernels (qops_kernels.cpp)
// calls them all.
#pragma once

#include "kernels/kernel_registry.h"

namespace qs::kernels::qops {

void registerQLinearBinaryKernels(KernelRegistry& registry);
void registerQLinearLookupKernels(KernelRegistry& registry);
void registerQLinearSoftmaxKernels(KernelRegistry& registry);
void registerQLinearConcatKernels(KernelRegistry& registry);
void registerQLinearPoolKernels(KernelRegistry& registry);
void registerMatMulIntegerToFloatKernels(KernelRegistry& registry);

} // namespace qs::kernels::qops
