// SPDX-License-Identifier: MIT
// Registration functions of the single-operator kernel files (one op per file: cpu/non_zero.cpp, ...), kept apart
// from kernel_registry.h so that adding an op does not recompile every kernel family. Called from
// KernelRegistry::instance().
#pragma once

namespace qs::kernels {

class KernelRegistry;

void registerNonZeroKernels(KernelRegistry& registry);
void registerCompressKernels(KernelRegistry& registry);
void registerUniqueKernels(KernelRegistry& registry);
void registerGridSampleKernels(KernelRegistry& registry);
void registerAffineGridKernels(KernelRegistry& registry);
void registerRoiAlignKernels(KernelRegistry& registry);
void registerDetKernels(KernelRegistry& registry);
void registerMaxUnpoolKernels(KernelRegistry& registry);
void registerBatchNormTrainingKernels(KernelRegistry& registry);
void registerNegativeLogLikelihoodLossKernels(KernelRegistry& registry);
void registerSoftmaxCrossEntropyLossKernels(KernelRegistry& registry);
void registerFloat16ViaFloatKernels(KernelRegistry& registry);

} // namespace qs::kernels
