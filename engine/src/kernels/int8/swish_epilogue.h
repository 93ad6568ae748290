// SPDX-License-Identifier: MIT
// y = y * sigmoid(y) in place on a float buffer, with oneDNN's vectorised eltwise_swish: the SiLU epilogue of the
// fused dynamic convolution. A scalar expf loop cost as much as the integer convolution it follows (YOLO's SiLU after
// every convolution); oneDNN's JIT exp is within a few ulps of expf.
#pragma once

#include <quantscope/engine/status.h>

#include <cstdint>
#include <memory>

namespace qs::kernels::int8 {

/// Prepared for one element count; not for concurrent run() calls on one object.
class SwishEpilogue
{
public:
    static Result<std::unique_ptr<SwishEpilogue>> create(int64_t count);
    ~SwishEpilogue();
    Status run(float* y);

private:
    struct Impl;
    explicit SwishEpilogue(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

} // namespace qs::kernels::int8
