// SPDX-License-Identifier: MIT
// How many residual weights the own AVX2 int8 kernel needs per convolution of a model: under today's pair rule
// (every vpmaddubsw pair of its flattened (kw, c) kernel rows stays inside int16) and under the group rule of the
// grouped kernel (two vpmaddubsw results added in int16 before one vpmaddwd: every group of 4 products, pairs
// (8m, 8m+1) + (8m+4, 8m+5) and (8m+2, 8m+3) + (8m+6, 8m+7), stays inside int16). Weights as the engine gives them to
// the kernel: w - zp clamped to s8 (authored channel order). Last column: the share of quads the engine's own kernel
// (Avx2Int8Conv::create on the pair-split weights) reduces in int16 groups of 2 or 4 quads.
//
//   bench_int8_groups ../shared/models/yolov5nu_int8_dynamic_seed/model.onnx
#include "kernels/int8/int8_conv_own_kernel.h"

#include <quantscope/engine/model_loader.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

using namespace qs;
using namespace qs::kernels::int8;

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s model.onnx\n", argv[0]);
        return 2;
    }
    auto model = loadModel(argv[1]);
    if (!model.isOk()) {
        std::fprintf(stderr, "%s\n", model.status().toString().c_str());
        return 1;
    }
    const Graph& g = (*model)->graph();
    // Initializers, or Constant nodes (PyTorch's export writes the QDQ weights so).
    const auto constant = [&g](ValueId v) -> const Tensor* {
        if (v == kNoValue)
            return nullptr;
        if (const Tensor* t = g.constantData(v))
            return t;
        const NodeId p = g.producer(v);
        if (p == kNoNode || g.node(p).opType != "Constant")
            return nullptr;
        const Attribute* a = g.node(p).attribute("value");
        return a && a->type == AttributeType::Tensor ? &a->t : nullptr;
    };
    int64_t totalPairs = 0, totalGroups = 0, totalWeights = 0;
    std::printf(
        "%-40s %6s %6s %4s %9s %8s %8s %6s\n", "layer", "IC", "OC", "k", "weights", "pairRes", "groupRes", "share");
    for (const Node& n : g.nodes()) {
        // ConvInteger's weight (input 1) or a QDQ Conv's DequantizeLinear(weight).
        const Tensor* w = nullptr;
        const Tensor* zp = nullptr;
        if (n.opType == "ConvInteger" && n.inputCount() >= 2) {
            w = g.constantData(n.input(1));
            zp = n.inputCount() > 3 ? g.constantData(n.input(3)) : nullptr;
        } else if (n.opType == "Conv" && n.inputCount() >= 2) {
            const NodeId id = g.producer(n.input(1));
            const Node* dq = id == kNoNode ? nullptr : &g.node(id);
            if (dq && dq->opType == "DequantizeLinear") {
                w = constant(dq->input(0));
                zp = dq->inputCount() > 2 ? constant(dq->input(2)) : nullptr;
            }
        }
        if (!w || w->rank() != 4 || (w->dataType() != DataType::UInt8 && w->dataType() != DataType::Int8))
            continue;
        const int64_t oc = w->dims()[0], ic = w->dims()[1], kh = w->dims()[2], kw = w->dims()[3];
        if (n.attrInt("group", 1) != 1)
            continue;
        const int64_t per = ic * kh * kw;
        const int64_t len = (kw * ic + 7) / 8 * 8;
        int64_t pairRes = 0, groupRes = 0;
        std::vector<int> row(static_cast<size_t>(len));
        for (int64_t o = 0; o < oc; ++o) {
            const int z = zp ? int(zp->valueAsDouble(zp->elementCount() == 1 ? 0 : o)) : 0;
            for (int64_t r = 0; r < kh; ++r) {
                std::fill(row.begin(), row.end(), 0);
                for (int64_t col = 0; col < kw; ++col)
                    for (int64_t c = 0; c < ic; ++c)
                        row[size_t(col * ic + c)]
                            = std::clamp(int(w->valueAsDouble(o * per + (c * kh + r) * kw + col)) - z, -128, 127);
                for (int64_t p = 0; p < len; p += 2) {
                    const int a = row[size_t(p)], b = row[size_t(p + 1)];
                    if (a != 0 && b != 0 && (a > 0) == (b > 0) && std::abs(a) + std::abs(b) > 128)
                        ++pairRes;
                }
                for (int64_t m = 0; m < len; m += 8)
                    for (int h = 0; h < 2; ++h) {
                        const int idx[4]
                            = { int(m + 2 * h), int(m + 2 * h + 1), int(m + 2 * h + 4), int(m + 2 * h + 5) };
                        for (int sign = -1; sign <= 1; sign += 2) {
                            std::vector<int> mags;
                            int sum = 0;
                            for (int i : idx)
                                if (row[size_t(i)] * sign > 0) {
                                    mags.push_back(std::abs(row[size_t(i)]));
                                    sum += mags.back();
                                }
                            std::sort(mags.rbegin(), mags.rend());
                            for (size_t k = 0; k < mags.size() && sum > 128; ++k) {
                                sum -= mags[k];
                                ++groupRes;
                            }
                        }
                    }
            }
        }
        ConvShape shape;
        shape.inChannels = ic;
        shape.outChannels = oc;
        shape.kernelHeight = kh;
        shape.kernelWidth = kw;
        shape.inHeight = shape.inWidth = std::max<int64_t>(8, std::max(kh, kw));
        std::vector<int8_t> s8(size_t(oc * per));
        for (int64_t o = 0; o < oc; ++o) {
            const int z = zp ? int(zp->valueAsDouble(zp->elementCount() == 1 ? 0 : o)) : 0;
            for (int64_t i = 0; i < per; ++i)
                s8[size_t(o * per + i)] = int8_t(std::clamp(int(w->valueAsDouble(o * per + i)) - z, -128, 127));
        }
        SaturationReport report;
        Avx2Int8Conv::splitPairs(shape, s8.data(), report);
        const auto conv = Avx2Int8Conv::create(shape, s8.data());
        const double share = double(conv->groupedQuads()) / double(std::max<int64_t>(1, conv->totalQuads()));
        std::printf("%-40s %6ld %6ld %2ldx%ld %9ld %8ld %8ld %5.0f%%\n", n.name.c_str(), long(ic), long(oc), long(kh),
            long(kw), long(oc * per), long(pairRes), long(groupRes), 100.0 * share);
        totalPairs += pairRes;
        totalGroups += groupRes;
        totalWeights += oc * per;
    }
    std::printf("total weights %ld, pair rule residual %ld, group rule residual %ld\n", long(totalWeights),
        long(totalPairs), long(totalGroups));
    return 0;
}
