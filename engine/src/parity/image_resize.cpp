// SPDX-License-Identifier: MIT
// resizeImage: a separable triangle (bilinear) filter, one pass per axis. When shrinking, the triangle is widened by
// the shrink factor, as PIL does, so a 4000-pixel photo brought to 224 averages every pixel instead of sampling 1 in
// 18 (plain bilinear would alias).
#include <quantscope/engine/image_samples.h>

#include <algorithm>
#include <cmath>

namespace qs {
namespace {

struct Taps
{
    int64_t first = 0; ///< first source index
    std::vector<float> weights; ///< sum to 1
};

// Output pixel o covers source coordinates [start + o·step, start + (o + 1)·step): its centre is the filter's centre.
std::vector<Taps> axisTaps(int64_t sourceSize, double start, double length, int64_t outSize)
{
    const double step = length / static_cast<double>(outSize);
    const double radius = std::max(step, 1.0);
    std::vector<Taps> taps(static_cast<size_t>(outSize));
    for (int64_t o = 0; o < outSize; ++o) {
        const double centre = start + (static_cast<double>(o) + 0.5) * step;
        const int64_t lo = std::max<int64_t>(0, static_cast<int64_t>(std::floor(centre - radius)));
        const int64_t hi = std::min<int64_t>(sourceSize, static_cast<int64_t>(std::ceil(centre + radius)));
        Taps& t = taps[static_cast<size_t>(o)];
        double sum = 0;
        std::vector<double> w;
        for (int64_t i = lo; i < hi; ++i) {
            const double d = std::abs(static_cast<double>(i) + 0.5 - centre) / radius;
            w.push_back(std::max(0.0, 1.0 - d));
            sum += w.back();
        }
        if (sum <= 0) { // cannot happen for a centre inside the image; the nearest pixel if it did
            t.first = std::clamp<int64_t>(static_cast<int64_t>(centre), 0, sourceSize - 1);
            t.weights = { 1.0f };
            continue;
        }
        t.first = lo;
        for (double x : w)
            t.weights.push_back(static_cast<float>(x / sum));
    }
    return taps;
}

} // namespace

std::vector<float> resizeImage(const RgbImage& image, int64_t width, int64_t height, ImageResize resize)
{
    const double w = static_cast<double>(image.width);
    const double h = static_cast<double>(image.height);
    double x0 = 0, y0 = 0, wLength = w, hLength = h;
    if (resize == ImageResize::CenterCrop) {
        // The scale at which the image covers the target; the window is the target seen at that scale.
        const double s = std::max(static_cast<double>(width) / w, static_cast<double>(height) / h);
        wLength = static_cast<double>(width) / s;
        hLength = static_cast<double>(height) / s;
        x0 = (w - wLength) / 2;
        y0 = (h - hLength) / 2;
    }
    const auto columns = axisTaps(image.width, x0, wLength, width);
    const auto rows = axisTaps(image.height, y0, hLength, height);

    // Horizontal pass over the source rows the vertical pass reads.
    const int64_t rowLo = rows.front().first;
    const int64_t rowHi = rows.back().first + static_cast<int64_t>(rows.back().weights.size());
    std::vector<float> across(static_cast<size_t>((rowHi - rowLo) * width * 3));
    for (int64_t y = rowLo; y < rowHi; ++y)
        for (int64_t x = 0; x < width; ++x) {
            const Taps& t = columns[static_cast<size_t>(x)];
            float acc[3] = { 0, 0, 0 };
            for (size_t k = 0; k < t.weights.size(); ++k) {
                const uint8_t* p = image.at(y, t.first + static_cast<int64_t>(k));
                for (int c = 0; c < 3; ++c)
                    acc[c] += t.weights[k] * p[c];
            }
            float* out = &across[static_cast<size_t>(((y - rowLo) * width + x) * 3)];
            std::copy(acc, acc + 3, out);
        }
    std::vector<float> result(static_cast<size_t>(height * width * 3), 0.0f);
    for (int64_t y = 0; y < height; ++y) {
        const Taps& t = rows[static_cast<size_t>(y)];
        float* out = &result[static_cast<size_t>(y * width * 3)];
        for (size_t k = 0; k < t.weights.size(); ++k) {
            const float* in = &across[static_cast<size_t>((t.first + static_cast<int64_t>(k) - rowLo) * width * 3)];
            for (int64_t i = 0; i < width * 3; ++i)
                out[i] += t.weights[k] * in[i];
        }
    }
    return result;
}

} // namespace qs
