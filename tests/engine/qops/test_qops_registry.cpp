// SPDX-License-Identifier: MIT
// The com.microsoft QOperator ops are listed by `supportedOps()` (what `quantscope-cli ops` prints) under their
// domain, and the analysis counts a model made of them as QOperator format. The numeric truth for these kernels
// is ONNX Runtime's output, checked by the qops_ort_cases_* ctests. The loader types contrib-op outputs itself.
#include <quantscope/engine/analysis.h>
#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/session.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <string>

namespace {

TEST(QOpsRegistry, ContribOpsAreListedUnderComMicrosoft)
{
    std::set<std::string> listed;
    for (const qs::SupportedOp& op : qs::supportedOps())
        if (op.domain == "com.microsoft")
            listed.insert(op.opType);
    for (const char* op : { "QLinearAdd", "QLinearMul", "QLinearSigmoid", "QLinearLeakyRelu",
             "QLinearGlobalAveragePool", "QLinearAveragePool", "QLinearConcat", "QLinearSoftmax",
             "DynamicQuantizeMatMul", "MatMulIntegerToFloat", "QuantizeLinear", "DequantizeLinear" })
        EXPECT_TRUE(listed.count(op)) << op << " is not registered for com.microsoft";
}

TEST(QOpsRegistry, ChainModelIsQOperatorFormat)
{
    const std::filesystem::path model
        = std::filesystem::path(QS_TEST_DATA_DIR) / "qops/chain_quantize_add_sigmoid_concat_gap_dequantize/model.onnx";
    auto loaded = qs::loadModel(model);
    ASSERT_TRUE(loaded.isOk()) << loaded.status().toString();
    const qs::ModelAnalysis a = qs::analyzeModel(**loaded);
    EXPECT_EQ(a.format, qs::QuantFormat::QOperator);
    // QLinearAdd, QLinearSigmoid, QLinearConcat, QLinearGlobalAveragePool; plus one Q and one DQ at the edges.
    EXPECT_EQ(a.categoryCounts.at("qlinear"), 4);
    EXPECT_EQ(a.categoryCounts.at("quantize"), 1);
    EXPECT_EQ(a.categoryCounts.at("dequantize"), 1);
    EXPECT_EQ(a.domainCounts.at("com.microsoft"), 6);
    // libonnx cannot type contrib-op outputs; the loader derives them (contrib_types.cpp), so the float input's
    // quantization and the final dequantization are the model's two precision transitions, and nothing else is.
    EXPECT_EQ(a.transitions, (std::map<std::string, int64_t> { { "float->uint8", 1 }, { "uint8->float", 1 } }));
    EXPECT_EQ(a.crossingEdges.size(), 2u);
    const qs::Graph& g = (*loaded)->graph();
    for (const char* value : { "xq", "sum", "sig", "cat", "gap" })
        EXPECT_EQ(g.value(*g.findValue(value)).type.elementType, qs::DataType::UInt8) << value;
    EXPECT_EQ(g.value(*g.findValue("sig")).type.toString(), "uint8[1x5x7x9]");
}

} // namespace
