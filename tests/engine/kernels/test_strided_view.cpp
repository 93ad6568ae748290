// SPDX-License-Identifier: MIT
// kernels/strided_view.h against hand-computed offsets and strides: attention's Q and K read out of a packed QKV
// projection [T, 1, 3E], reshapes strides can and cannot express, and the encoded form's bounds check.
#include "kernels/strided_view.h"

#include <gtest/gtest.h>

namespace {

using namespace qs;
using namespace qs::kernels;
using V = std::vector<int64_t>;

// T = 128 tokens, E = 256 = 4 heads x 64: QKV [128, 1, 768].
StridedView sliced(int64_t part)
{
    const StridedView qkv = StridedView::plain(V { 128, 1, 768 });
    EXPECT_EQ(qkv.strides, (V { 768, 768, 1 }));
    return sliceView(qkv, V { 0, 0, part * 256 }, V { 1, 1, 1 }, V { 128, 1, 256 });
}

TEST(StridedView, AttentionQueriesAndKeysInThePackedProjection)
{
    const StridedView k = sliced(1);
    EXPECT_EQ(k.offset, 256);
    StridedView heads;
    ASSERT_TRUE(reshapeView(k, V { 128, 4, 64 }, heads));
    EXPECT_EQ(heads.offset, 256);
    EXPECT_EQ(heads.strides, (V { 768, 64, 1 }));
    // K^T per head: [4, 64, 128], the stored last axis now second-to-last.
    const StridedView kt = transposeView(heads, V { 1, 2, 0 });
    EXPECT_EQ(kt.dims, (V { 4, 64, 128 }));
    EXPECT_EQ(kt.strides, (V { 64, 1, 768 }));
    EXPECT_FALSE(kt.isPlain());
    // Element (h, d, t) of K^T is QKV[t, 0, 256 + 64 h + d]: (3, 5, 7) -> 7 * 768 + 256 + 192 + 5.
    EXPECT_EQ(kt.offset + 3 * kt.strides[0] + 5 * kt.strides[1] + 7 * kt.strides[2], 7 * 768 + 256 + 192 + 5);
    EXPECT_EQ(kt.offset + kt.extent(), 127 * 768 + 512); // one past the last K element
}

TEST(StridedView, ReshapeMergesOnlyContiguousDims)
{
    StridedView out;
    // Q's heads [128, 4, 64] with strides [768, 64, 1]: (4, 64) merge back to 256, (128, 4) cannot merge.
    StridedView q;
    ASSERT_TRUE(reshapeView(sliced(0), V { 128, 4, 64 }, q));
    ASSERT_TRUE(reshapeView(q, V { 128, 256 }, out));
    EXPECT_EQ(out.strides, (V { 768, 1 }));
    EXPECT_FALSE(reshapeView(q, V { 512, 64 }, out));
    // Transposed heads [4, 128, 64] read as [4, 8192] would need 128 rows 768 apart to be one run of 8192.
    EXPECT_FALSE(reshapeView(transposeView(q, V { 1, 0, 2 }), V { 4, 8192 }, out));
    // Unit dims come and go freely; a different element count never reshapes.
    ASSERT_TRUE(reshapeView(q, V { 1, 128, 4, 1, 64 }, out));
    EXPECT_EQ(out.strides[1], 768);
    EXPECT_EQ(out.strides[2], 64);
    EXPECT_EQ(out.strides[4], 1);
    EXPECT_FALSE(reshapeView(q, V { 128, 4, 63 }, out));
}

TEST(StridedView, PlainIgnoresTheStridesOfUnitDims)
{
    StridedView v = StridedView::plain(V { 1, 128, 256 });
    v.strides[0] = 7; // never used: the dim has one index
    EXPECT_TRUE(v.isPlain());
    v.offset = 1;
    EXPECT_FALSE(v.isPlain());
}

TEST(StridedView, EncodedViewMustFitTheStoredTensor)
{
    StridedView k;
    ASSERT_TRUE(reshapeView(sliced(1), V { 128, 4, 64 }, k));
    const HostTensor t = encodeView(k);
    auto back = decodeView(t, 128 * 768);
    ASSERT_TRUE(back.isOk()) << back.status().toString();
    EXPECT_EQ(back->offset, 256);
    EXPECT_EQ(back->dims, (V { 128, 4, 64 }));
    EXPECT_EQ(back->strides, (V { 768, 64, 1 }));
    // The same view over a tensor one row short reads past its end.
    EXPECT_FALSE(decodeView(t, 127 * 768).isOk());
    EXPECT_FALSE(decodeView(HostTensor(DataType::Int64, { 2 }), 100).isOk());
}

} // namespace
