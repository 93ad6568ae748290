// SPDX-License-Identifier: MIT
// The engine's parity of a ../shared FP32/INT8 pair against the true parity: the same measures computed from ONNX
// Runtime's own reference outputs of the two files for the same input.
#include "../../shared_data.h"

#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/parity.h>

#include <gtest/gtest.h>

#include <cmath>

using namespace qs;

namespace {

struct Pair
{
    const char* reference;
    const char* candidate;
};

void checkAgainstOrt(const Pair& pair, int expectedMatchedLayersAtLeast)
{
    const auto refDir = test::sharedDir() / "models" / pair.reference;
    const auto candDir = test::sharedDir() / "models" / pair.candidate;
    QS_REQUIRE_SHARED(candDir / "test_data_set_0" / "output_0.pb");
    auto refOut = loadTensorFile(refDir / "test_data_set_0" / "output_0.pb");
    auto candOut = loadTensorFile(candDir / "test_data_set_0" / "output_0.pb");
    ASSERT_TRUE(refOut && candOut);
    DiffAccumulator truthAcc;
    truthAcc.add(refOut->data<float>(), candOut->data<float>());
    const TensorDiff truth = truthAcc.result();

    auto ref = loadModel(refDir / "model.onnx");
    auto cand = loadModel(candDir / "model.onnx");
    ASSERT_TRUE(ref && cand);
    auto samples = loadSamples(**ref, refDir.string());
    ASSERT_TRUE(samples) << samples.status().message();
    ParityOptions options;
    auto report = computeParity(*ref, *cand, *samples, options);
    ASSERT_TRUE(report) << report.status().message();
    ASSERT_EQ(report->outputs.size(), 1u);
    const TensorDiff& d = report->outputs[0].diff;
    std::printf("%s vs %s: ORT SQNR %.3f dB cos %.6f max %.4g mean %.4g | engine SQNR %.3f dB cos %.6f max %.4g mean "
                "%.4g | %zu layers\n",
        pair.candidate, pair.reference, truth.sqnrDb, truth.cosine, truth.maxAbs, truth.meanAbs, d.sqnrDb, d.cosine,
        d.maxAbs, d.meanAbs, report->layers.size());
    // The engine runs both files as written, the arithmetic ONNX Runtime's references hold (to float rounding and,
    // for the INT8 side, an occasional one-step requantization difference): the measures agree to a few percent.
    EXPECT_NEAR(d.sqnrDb, truth.sqnrDb, 0.5);
    EXPECT_NEAR(d.cosine, truth.cosine, 0.01 * (1 - truth.cosine) + 1e-4);
    EXPECT_NEAR(d.meanAbs, truth.meanAbs, 0.05 * truth.meanAbs);
    EXPECT_EQ(report->outputs[0].pass, truth.sqnrDb >= 20 && truth.cosine >= 0.99);
    EXPECT_GE(static_cast<int>(report->layers.size()), expectedMatchedLayersAtLeast);
}

} // namespace

TEST(ParityShared, TransformerDynamicAgreesWithOrt)
{
    checkAgainstOrt({ "transformer_encoder_fp32", "transformer_encoder_int8_dynamic" }, 120);
}

TEST(ParityShared, Resnet18TorchQdqAgreesWithOrt)
{
    checkAgainstOrt({ "resnet18_fp32", "resnet18_int8_qdq_torch" }, 40);
}
