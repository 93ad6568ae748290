// SPDX-License-Identifier: MIT
#include "kernels/conv_geometry.h"

#include <fmt/format.h>

#include <tuple>

namespace qs::kernels {

namespace {

Status fillCommon(const Node& node, ConvGeometry& g, std::span<const int64_t> x, std::span<const int64_t> kernelDims)
{
    if (x.size() < 3)
        return Status(StatusCode::InvalidModel,
            fmt::format("node {}: input must have rank >= 3 (got {})", node.describe(), x.size()));
    const size_t r = x.size() - 2;
    g.spatialRank = static_cast<int64_t>(r);
    g.batch = x[0];
    g.inChannels = x[1];
    g.inSpatial.assign(x.begin() + 2, x.end());
    g.kernel = node.attrInts("kernel_shape", { kernelDims.begin(), kernelDims.end() });
    g.strides = node.attrInts("strides", std::vector<int64_t>(r, 1));
    g.dilations = node.attrInts("dilations", std::vector<int64_t>(r, 1));
    std::vector<int64_t> pads = node.attrInts("pads", std::vector<int64_t>(2 * r, 0));
    if (g.kernel.size() != r || g.strides.size() != r || g.dilations.size() != r || pads.size() != 2 * r)
        return Status(StatusCode::InvalidModel,
            fmt::format(
                "node {}: kernel_shape/strides/dilations/pads do not match {} spatial dims", node.describe(), r));
    // The file's numbers are untrusted: a zero stride divides by zero and huge values overflow the extent arithmetic
    // below. The spec requires kernel, strides and dilations of at least 1; 2^31 bounds every product used here.
    constexpr int64_t kLimit = int64_t(1) << 31;
    for (const auto& [what, values, least] :
        { std::tuple { "kernel_shape", &g.kernel, int64_t(1) }, std::tuple { "strides", &g.strides, int64_t(1) },
            std::tuple { "dilations", &g.dilations, int64_t(1) }, std::tuple { "pads", &pads, -kLimit } })
        for (int64_t v : *values)
            if (v < least || v > kLimit)
                return Status(StatusCode::InvalidModel,
                    fmt::format("node {}: {} contains {}; it must be between {} and {}", node.describe(), what, v,
                        least, kLimit));
    g.padBegin.assign(pads.begin(), pads.begin() + static_cast<std::ptrdiff_t>(r));
    g.padEnd.assign(pads.begin() + static_cast<std::ptrdiff_t>(r), pads.end());
    return Status::ok();
}

} // namespace

Result<ConvGeometry> convGeometry(const Node& node, std::span<const int64_t> x, std::span<const int64_t> w)
{
    ConvGeometry g;
    if (w.size() != x.size())
        return Status(StatusCode::InvalidModel,
            fmt::format("node {}: weights rank {} differs from input rank {}", node.describe(), w.size(), x.size()));
    QS_RETURN_IF_ERROR(fillCommon(node, g, x, w.subspan(2)));
    g.group = node.attrInt("group", 1);
    g.outChannels = w[0];
    if (g.group <= 0 || g.inChannels != w[1] * g.group || g.outChannels % g.group)
        return Status(StatusCode::InvalidModel,
            fmt::format("node {}: channels {} / weights {} do not match group {}", node.describe(), g.inChannels,
                formatDims({ w.begin(), w.end() }), g.group));
    const std::string autoPad = node.attrString("auto_pad", "NOTSET");
    g.outSpatial.resize(g.inSpatial.size());
    for (size_t i = 0; i < g.inSpatial.size(); ++i) {
        const int64_t effK = (g.kernel[i] - 1) * g.dilations[i] + 1;
        if (autoPad == "SAME_UPPER" || autoPad == "SAME_LOWER") {
            const int64_t out = (g.inSpatial[i] + g.strides[i] - 1) / g.strides[i];
            const int64_t total = std::max<int64_t>(0, (out - 1) * g.strides[i] + effK - g.inSpatial[i]);
            g.padBegin[i] = autoPad == "SAME_UPPER" ? total / 2 : total - total / 2;
            g.padEnd[i] = total - g.padBegin[i];
        } else if (autoPad == "VALID") {
            g.padBegin[i] = g.padEnd[i] = 0;
        }
        g.outSpatial[i] = (g.inSpatial[i] + g.padBegin[i] + g.padEnd[i] - effK) / g.strides[i] + 1;
        if (g.outSpatial[i] <= 0)
            return Status(StatusCode::InvalidModel,
                fmt::format("node {}: empty output along spatial axis {}", node.describe(), i));
    }
    return g;
}

Result<ConvGeometry> convTransposeGeometry(const Node& node, std::span<const int64_t> x, std::span<const int64_t> w)
{
    ConvGeometry g;
    if (w.size() != x.size())
        return Status(StatusCode::InvalidModel,
            fmt::format("node {}: weights rank {} differs from input rank {}", node.describe(), w.size(), x.size()));
    QS_RETURN_IF_ERROR(fillCommon(node, g, x, w.subspan(2)));
    g.group = node.attrInt("group", 1);
    if (g.group <= 0 || w[0] != g.inChannels || g.inChannels % g.group)
        return Status(StatusCode::InvalidModel,
            fmt::format("node {}: channels {} do not match weights {} and group {}", node.describe(), g.inChannels,
                formatDims({ w.begin(), w.end() }), g.group));
    g.outChannels = w[1] * g.group;
    const size_t r = g.inSpatial.size();
    g.outputPadding = node.attrInts("output_padding", std::vector<int64_t>(r, 0));
    const std::vector<int64_t> outputShape = node.attrInts("output_shape");
    const std::string autoPad = node.attrString("auto_pad", "NOTSET");
    g.outSpatial.resize(r);
    for (size_t i = 0; i < r; ++i) {
        const int64_t effK = (g.kernel[i] - 1) * g.dilations[i] + 1;
        const int64_t full = g.strides[i] * (g.inSpatial[i] - 1) + g.outputPadding[i] + effK;
        if (!outputShape.empty()) {
            const int64_t target = outputShape[outputShape.size() - r + i];
            // Floor division as in ONNX's Python reference: a negative total (output_shape larger than the natural
            // size) extends the end, not the start.
            const int64_t total = full - target;
            const int64_t half = total >= 0 ? total / 2 : -((-total + 1) / 2);
            if (autoPad == "SAME_UPPER") {
                g.padBegin[i] = half;
                g.padEnd[i] = total - half;
            } else {
                g.padEnd[i] = half;
                g.padBegin[i] = total - half;
            }
        } else if (autoPad == "SAME_UPPER" || autoPad == "SAME_LOWER") {
            const int64_t target = g.inSpatial[i] * g.strides[i];
            const int64_t total = std::max<int64_t>(0, full - target);
            if (autoPad == "SAME_UPPER") {
                g.padBegin[i] = total / 2;
                g.padEnd[i] = total - total / 2;
            } else {
                g.padEnd[i] = total / 2;
                g.padBegin[i] = total - total / 2;
            }
        } else if (autoPad == "VALID") {
            g.padBegin[i] = g.padEnd[i] = 0;
        }
        g.outSpatial[i] = full - g.padBegin[i] - g.padEnd[i];
        if (g.outSpatial[i] <= 0)
            return Status(StatusCode::InvalidModel,
                fmt::format("node {}: empty output along spatial axis {}", node.describe(), i));
    }
    return g;
}

Result<ConvGeometry> poolGeometry(const Node& node, std::span<const int64_t> x)
{
    ConvGeometry g;
    if (!node.hasAttribute("kernel_shape"))
        return Status(StatusCode::InvalidModel, fmt::format("node {}: kernel_shape is required", node.describe()));
    QS_RETURN_IF_ERROR(fillCommon(node, g, x, {}));
    g.outChannels = g.inChannels;
    const bool ceilMode = node.attrInt("ceil_mode", 0) != 0;
    const std::string autoPad = node.attrString("auto_pad", "NOTSET");
    g.outSpatial.resize(g.inSpatial.size());
    for (size_t i = 0; i < g.inSpatial.size(); ++i) {
        const int64_t effK = (g.kernel[i] - 1) * g.dilations[i] + 1;
        if (autoPad == "SAME_UPPER" || autoPad == "SAME_LOWER") {
            const int64_t out = (g.inSpatial[i] + g.strides[i] - 1) / g.strides[i];
            const int64_t total = std::max<int64_t>(0, (out - 1) * g.strides[i] + effK - g.inSpatial[i]);
            g.padBegin[i] = autoPad == "SAME_UPPER" ? total / 2 : total - total / 2;
            g.padEnd[i] = total - g.padBegin[i];
            g.outSpatial[i] = out;
            continue;
        }
        if (autoPad == "VALID")
            g.padBegin[i] = g.padEnd[i] = 0;
        const int64_t span = g.inSpatial[i] + g.padBegin[i] + g.padEnd[i] - effK;
        int64_t out = (ceilMode ? (span + g.strides[i] - 1) / g.strides[i] : span / g.strides[i]) + 1;
        // With ceil_mode the last window must still start inside the input or its left padding.
        if (ceilMode && (out - 1) * g.strides[i] >= g.inSpatial[i] + g.padBegin[i])
            --out;
        g.outSpatial[i] = out;
        if (out <= 0)
            return Status(StatusCode::InvalidModel,
                fmt::format("node {}: empty output along spatial axis {}", node.describe(), i));
    }
    return g;
}

bool windowsStartInside(const ConvGeometry& g) noexcept
{
    if (g.spatialRank != 2)
        return false;
    for (size_t i = 0; i < 2; ++i)
        if (g.dilations[i] != 1 || g.padBegin[i] >= g.kernel[i]
            || (g.outSpatial[i] - 1) * g.strides[i] - g.padBegin[i] >= g.inSpatial[i])
            return false;
    return true;
}

bool prefersChannelsLast(const ConvGeometry& g) noexcept
{
    // brgemm convolution needs AVX-512 (blockedChannels() is 16 exactly then); with AVX2 the blocked kernel is used.
    if (blockedChannels() != 16 || g.spatialRank != 2 || g.group != 1 || g.batch != 1)
        return false;
    const int64_t pixels = g.outSpatial[0] * g.outSpatial[1];
    return g.kernel[0] * g.kernel[1] > 1 && g.outChannels >= 256 && g.inChannels >= 128 && pixels <= 196;
}

} // namespace qs::kernels
