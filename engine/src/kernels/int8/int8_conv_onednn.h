// SPDX-License-Identifier: MIT
// Int8Conv's oneDNN executor (int8_conv_plan.h: Int8ConvPath::Onednn; internal to int8_conv_onednn.cpp, which makes
// it, and int8_conv_direct.cpp, its direct uint8 primitive): the u8·s8 → s32 primitive, its weights (split and, for
// static layers, unsplit) and the whole layer's int32 accumulators in the run's scratch.
#pragma once

#include "kernels/int8/int8_conv_executor.h"

#include <cstdint>
#include <string>
#include <vector>

namespace qs::kernels::int8 {

/// oneDNN's primitive descriptor for an int8 convolution: its first implementation, except an AMX one where the
/// layer would leave AMX's tiles mostly empty (few output pixels or a shallow reduction); then the next
/// implementation that is neither AMX nor a reference kernel, if any.
dnnl::convolution_forward::primitive_desc int8ConvPrimitive(
    const dnnl::convolution_forward::desc& desc, const dnnl::primitive_attr& attr, const ConvShape& shape);

class OnednnExecutor final : public Int8ConvExecutor
{
public:
    explicit OnednnExecutor(const OnednnSpec& spec);
    std::string implementation() const override;
    Status start(const uint8_t* xu, int32_t zp) override;
    bool unsplitRun() const override { return m_unsplitRun; }
    bool readsSource() const override { return false; }
    bool banded() const override { return false; }
    int32_t* accumulators(int64_t n) const override;
    size_t scratchBytes() const override { return m_primitive.dst_desc().get_size(); }
    void bindScratch(void* scratch) override { m_dst.set_data_handle(scratch); }
    // int8_conv_direct.cpp
    bool mayWriteRequantized() const override { return !m_sourceZeroPoint; }
    bool prepareRequantized(const DirectRequantization& rq) override;
    Status runRequantized(const uint8_t* xu, int32_t zp, int threads, void* y) override;

private:
    ConvShape m_shape;
    dnnl::convolution_forward::primitive_desc m_primitive;
    dnnl::memory::dims m_padBegin, m_padEnd;
    bool m_sourceZeroPoint = false;
    bool m_nchwOutput = false;
    dnnl::stream* m_stream = nullptr;
    const dnnl::memory* m_source = nullptr;
    const dnnl::memory* m_sourceZeroPointMemory = nullptr;
    dnnl::convolution_forward m_conv;
    dnnl::memory m_weights;
    /// The original weights of static layers: each run picks them when its source lets them compute exactly.
    dnnl::memory m_unsplitWeights;
    UnsplitCheck m_unsplitCheck;
    dnnl::memory m_dst; ///< the whole layer's int32 accumulators (scratch, bound per run)
    bool m_unsplitRun = false;

    /// The direct requantizing primitive: oneDNN writes uint8 itself, with the bias and the per-channel multipliers as
    /// its bias and output scales, when Impl has found that to be the same arithmetic (int8_conv_direct.cpp).
    struct Direct
    {
        bool tried = false;
        bool ok = false;
        DirectRequantization rq;
        dnnl::convolution_forward conv;
        dnnl::memory weights, biasMem, dst;
    } m_direct;
};

} // namespace qs::kernels::int8
