// SPDX-License-Identifier: MIT
// Quantization parameters, weight/bias quantization and calibration thresholds against values computed by hand, and
// the refused option combinations.
#include "quantize/quant_params.h"

#include <quantscope/engine/quantize.h>

#include <gtest/gtest.h>

#include <cmath>

using namespace qs;
using namespace qs::quantize;

TEST(QuantParams, ActivationUint8Asymmetric)
{
    // [-1, 3] -> scale 4/255, zero point round(0 - (-1) / (4/255)) = round(63.75) = 64
    const ActivationParams p = activationParams({ -1.0f, 3.0f }, DataType::UInt8, false);
    EXPECT_FLOAT_EQ(p.scale, 4.0f / 255.0f);
    EXPECT_EQ(p.zeroPoint, 64);
    // A range not containing 0 is widened to it: [2, 5] -> [0, 5], zero point 0.
    const ActivationParams q = activationParams({ 2.0f, 5.0f }, DataType::UInt8, false);
    EXPECT_FLOAT_EQ(q.scale, 5.0f / 255.0f);
    EXPECT_EQ(q.zeroPoint, 0);
    // int8: [-1, 3] -> zero point round(-128 + 63.75) = -64
    EXPECT_EQ(activationParams({ -1.0f, 3.0f }, DataType::Int8, false).zeroPoint, -64);
}

TEST(QuantParams, ActivationSymmetric)
{
    // [-1, 3] symmetric -> [-3, 3]: uint8 zero point 128, scale 6/255; int8 zero point 0.
    const ActivationParams u = activationParams({ -1.0f, 3.0f }, DataType::UInt8, true);
    EXPECT_EQ(u.zeroPoint, 128);
    EXPECT_FLOAT_EQ(u.scale, 6.0f / 255.0f);
    EXPECT_EQ(activationParams({ -1.0f, 3.0f }, DataType::Int8, true).zeroPoint, 0);
    // A constant zero tensor gets scale 1 rather than a division by zero.
    EXPECT_FLOAT_EQ(activationParams({ 0.0f, 0.0f }, DataType::UInt8, false).scale, 1.0f);
}

TEST(QuantParams, WeightsPerChannelSymmetricInt8)
{
    // Rows (output channels) [1, -2] and [0.5, 0.25]: scales 2/127 and 0.5/127.
    // q = round(w / scale): [63.5 -> 64, -127], [127, 63.5 -> 64].
    const Tensor w = Tensor::fromVector(DataType::Float, { 2, 2 }, std::vector<float> { 1, -2, 0.5f, 0.25f });
    const QuantizedWeight q = quantizeWeight(w, 0, DataType::Int8, true, false);
    ASSERT_EQ(q.scales.size(), 2u);
    EXPECT_FLOAT_EQ(q.scales[0], 2.0f / 127.0f);
    EXPECT_FLOAT_EQ(q.scales[1], 0.5f / 127.0f);
    const auto d = q.data.data<int8_t>();
    EXPECT_EQ(std::vector<int>(d.begin(), d.end()), (std::vector<int> { 64, -127, 127, 64 }));
    EXPECT_EQ(q.zeroPoint.dims(), (std::vector<int64_t> { 2 }));
    EXPECT_EQ(q.zeroPoint.data<int8_t>()[1], 0);
    // Reduced range: [-63, 63], scale 2/63 for the first row: q(-2) = -63.
    const QuantizedWeight r = quantizeWeight(w, 0, DataType::Int8, true, true);
    EXPECT_EQ(r.data.data<int8_t>()[1], -63);
}

TEST(QuantParams, WeightsPerTensorUint8Asymmetric)
{
    // [-1, 0, 1, 3] over [-1, 3]: scale 4/255, zero point round(1 / (4/255)) = round(63.75) = 64;
    // q = round(w / scale) + 64: -63.75 -> -64 + 64 = 0, 64, 63.75 -> 64 + 64 = 128, 191.25 -> 191 + 64 = 255.
    const Tensor w = Tensor::fromVector(DataType::Float, { 4 }, std::vector<float> { -1, 0, 1, 3 });
    const QuantizedWeight q = quantizeWeight(w, -1, DataType::UInt8, false, false);
    EXPECT_EQ(q.scale.rank(), 0);
    EXPECT_EQ(q.zeroPoint.data<uint8_t>()[0], 64);
    const auto d = q.data.data<uint8_t>();
    EXPECT_EQ(std::vector<int>(d.begin(), d.end()), (std::vector<int> { 0, 64, 128, 255 }));
}

TEST(QuantParams, BiasInt32WithProductScale)
{
    // bias [0.5, -1], input scale 0.1, weight scales [0.02, 0.05]: scales 0.002, 0.005; q = 250, -200.
    const Tensor b = Tensor::fromVector(DataType::Float, { 2 }, std::vector<float> { 0.5f, -1.0f });
    std::vector<float> scales;
    const Tensor q = quantizeBias(b, 0.1f, { 0.02f, 0.05f }, scales);
    EXPECT_EQ(q.data<int32_t>()[0], 250);
    EXPECT_EQ(q.data<int32_t>()[1], -200);
    EXPECT_FLOAT_EQ(scales[1], 0.1f * 0.05f);
}

TEST(Calibration, PercentileThreshold)
{
    // 100 bins of width 0.5 with one count each: 99 % of the mass lies in the first 99 bins -> 49.5.
    std::vector<double> bins(100, 1.0);
    EXPECT_FLOAT_EQ(percentileThreshold(bins, 0.5f, 99.0), 49.5f);
    EXPECT_FLOAT_EQ(percentileThreshold(bins, 0.5f, 100.0), 50.0f);
}

TEST(Calibration, EntropyKeepsAUniformRangeAndClipsARareTail)
{
    // Mass spread evenly over the first 1024 of 2048 bins: clipping anything loses information, and the KL
    // divergence is smallest when the threshold covers the whole occupied range.
    std::vector<double> uniform(2048, 0.0);
    for (size_t i = 0; i < 1024; ++i)
        uniform[i] = 100;
    const float t = entropyThreshold(uniform, 1.0f);
    EXPECT_GE(t, 1000.0f);
    EXPECT_LE(t, 1100.0f);
    // Laplace-like mass (decaying 0.99 per bin, whole counts down to bin 1374) plus a single outlier count in the
    // last bin: the threshold clips the outlier (which min/max would keep) and the thinnest part of the tail, as
    // TensorRT's calibrator intends.
    std::vector<double> tail(2048, 0.0);
    for (size_t i = 0; i < 2048; ++i)
        tail[i] = std::floor(1e6 * std::pow(0.99, static_cast<double>(i)));
    tail[2047] = 1;
    const float c = entropyThreshold(tail, 1.0f);
    EXPECT_LT(c, 1375.0f);
    EXPECT_GT(c, 460.0f); // beyond the bin holding 99 % of the mass (~458)
}

TEST(Calibration, EntropyClipsAGaussianAtAFewSigma)
{
    // Half-normal |x| with sigma = 100 bins, 1e7 samples, over 2048 bins (20 sigma): the KL threshold for 128 levels
    // lies at a few sigma (TensorRT's calibrator clips Gaussian activations around 3-5 sigma).
    std::vector<double> bins(2048, 0.0);
    for (size_t i = 0; i < bins.size(); ++i) {
        const double x = (static_cast<double>(i) + 0.5) / 100.0;
        bins[i] = std::floor(1e7 * 0.01 * std::sqrt(2.0 / M_PI) * std::exp(-0.5 * x * x));
    }
    const float t = entropyThreshold(bins, 1.0f);
    std::printf("gaussian entropy threshold: %.1f sigma\n", t / 100.0);
    EXPECT_GT(t, 250.0f);
    EXPECT_LT(t, 600.0f);
}

TEST(QuantizeOptionsCheck, RefusesSenselessCombinations)
{
    auto refused = [](QuantizeOptions o, const char* phrase) {
        const Status st = validateQuantizeOptions(o);
        EXPECT_FALSE(st.isOk());
        EXPECT_NE(st.message().find(phrase), std::string::npos) << st.message();
    };
    QuantizeOptions perChannelUint8;
    perChannelUint8.format = QuantFormat::Qdq;
    perChannelUint8.perChannel = true;
    perChannelUint8.weightType = DataType::UInt8;
    refused(perChannelUint8, "asymmetric per-channel weight zero points");
    QuantizeOptions dynamicInt8Act;
    dynamicInt8Act.activationType = DataType::Int8;
    refused(dynamicInt8Act, "DynamicQuantizeLinear has no int8");
    QuantizeOptions dynamicSymAct;
    dynamicSymAct.symmetricActivations = true;
    refused(dynamicSymAct, "symmetric activations need a static format");
    QuantizeOptions s8u8;
    s8u8.format = QuantFormat::Qdq;
    s8u8.activationType = DataType::Int8;
    s8u8.weightType = DataType::UInt8;
    refused(s8u8, "S8U8");
    QuantizeOptions fp32;
    fp32.format = QuantFormat::Fp32;
    refused(fp32, "dynamic, qdq or qoperator");

    QuantizeOptions ok;
    ok.format = QuantFormat::Qdq;
    ok.perChannel = true;
    EXPECT_TRUE(validateQuantizeOptions(ok).isOk());
    ok.weightType = DataType::UInt8;
    ok.symmetricWeights = true; // uint8 per channel is fine when symmetric (zero point 128)
    EXPECT_TRUE(validateQuantizeOptions(ok).isOk());
}
