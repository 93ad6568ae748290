// SPDX-License-Identifier: MIT
// makeModelRecord's count of nodes whose int8 (s8) activations meet u8·s8 integer kernels — the evidence of the
// diagnosis' S8S8 finding — on committed single-node models whose types are known by construction
// (tests/data/qops, written by tests/tools/make_qops_cases.cpp).
#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/run_record.h>

#include <gtest/gtest.h>

#include <string>

namespace {

int64_t signedActivationNodes(const std::string& caseName)
{
    auto model = qs::loadModel(std::string(QS_TEST_DATA_DIR) + "/qops/" + caseName + "/model.onnx");
    EXPECT_TRUE(model.isOk()) << model.status().toString();
    if (!model.isOk())
        return -1;
    auto record = qs::makeModelRecord(*model.value());
    EXPECT_TRUE(record.isOk()) << record.status().toString();
    return record.isOk() ? record.value().signedActivationNodes : -1;
}

TEST(ModelRecord, CountsInt8ActivationsOfIntegerProducts)
{
    // One MatMulIntegerToFloat with an int8 A: an s8·s8 product.
    EXPECT_EQ(signedActivationNodes("matmulintegertofloat_s8s8_percolumn"), 1);
    // The same op with a uint8 A is the fast u8·s8 form.
    EXPECT_EQ(signedActivationNodes("matmulintegertofloat_u8s8_pertensor"), 0);
}

TEST(ModelRecord, ElementwiseQLinearOpsAreNotS8S8Products)
{
    // QLinearAdd on int8 tensors multiplies nothing by weights: no u8·s8 kernel is involved.
    EXPECT_EQ(signedActivationNodes("qlinearadd_s8_same"), 0);
    EXPECT_EQ(signedActivationNodes("qlinearsigmoid_s8"), 0);
}

} // namespace
