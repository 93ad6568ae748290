// SPDX-License-Identifier: MIT
// Initializers in raw_data and in every typed field the ONNX spec assigns to an element type.
#include "loader_test_util.h"

#include <cstring>

namespace {

using namespace qs::test;

/// A model whose only node is an Identity, so the initializers under test are all that matters.
struct TensorModel
{
    ModelBuilder b;
    TensorModel()
    {
        b.graph().input("x", onnx::TensorProto_DataType_FLOAT, { 1 });
        b.graph().node("Identity", { "x" }, { "y" });
        b.graph().output("y", onnx::TensorProto_DataType_FLOAT);
    }
    const qs::Tensor& load(const std::string& name)
    {
        auto r = loadBuilt(b);
        EXPECT_TRUE(r.isOk()) << r.status().toString();
        if (!r)
            throw std::runtime_error("load failed");
        m_model = *r;
        const auto id = m_model->graph().findValue(name);
        EXPECT_TRUE(id.has_value());
        return *m_model->graph().constantData(*id);
    }
    std::shared_ptr<const qs::Model> m_model;
};

TEST(LoaderTensors, RawDataFloat)
{
    TensorModel m;
    m.b.graph().floatInitializer("w", { 2, 3 }, { 1, 2, 3, 4, 5, -6.5f });
    const qs::Tensor& t = m.load("w");
    EXPECT_EQ(t.dataType(), qs::DataType::Float);
    EXPECT_EQ(t.dims(), (std::vector<int64_t> { 2, 3 }));
    EXPECT_FLOAT_EQ(t.data<float>()[5], -6.5f);
}

TEST(LoaderTensors, FloatData)
{
    TensorModel m;
    auto& p = m.b.graph().initializer("w", onnx::TensorProto_DataType_FLOAT, { 3 });
    for (float v : { 0.5f, -1.25f, 3e8f })
        p.add_float_data(v);
    const qs::Tensor& t = m.load("w");
    EXPECT_EQ(t.data<float>()[1], -1.25f);
    EXPECT_EQ(t.data<float>()[2], 3e8f);
}

TEST(LoaderTensors, DoubleData)
{
    TensorModel m;
    auto& p = m.b.graph().initializer("w", onnx::TensorProto_DataType_DOUBLE, { 2 });
    p.add_double_data(1e-300);
    p.add_double_data(-2.5);
    const qs::Tensor& t = m.load("w");
    EXPECT_EQ(t.dataType(), qs::DataType::Double);
    EXPECT_EQ(t.data<double>()[0], 1e-300);
    EXPECT_EQ(t.data<double>()[1], -2.5);
}

TEST(LoaderTensors, Float16BitPatternsInInt32Data)
{
    TensorModel m;
    auto& p = m.b.graph().initializer("w", onnx::TensorProto_DataType_FLOAT16, { 3 });
    p.add_int32_data(0x3E00); // 1.5
    p.add_int32_data(0xC000); // -2.0
    p.add_int32_data(0x0001); // smallest subnormal, 2^-24
    const qs::Tensor& t = m.load("w");
    EXPECT_EQ(t.dataType(), qs::DataType::Float16);
    EXPECT_EQ(t.data<uint16_t>()[0], 0x3E00);
    EXPECT_DOUBLE_EQ(t.valueAsDouble(0), 1.5);
    EXPECT_DOUBLE_EQ(t.valueAsDouble(1), -2.0);
    EXPECT_DOUBLE_EQ(t.valueAsDouble(2), 1.0 / (1 << 24));
}

struct IntCase
{
    int32_t onnxType;
    qs::DataType type;
    std::vector<int32_t> stored;
    std::vector<double> expected;
};

class LoaderInt32DataTypes : public ::testing::TestWithParam<IntCase>
{
};

TEST_P(LoaderInt32DataTypes, DecodesInt32Data)
{
    const IntCase& c = GetParam();
    TensorModel m;
    auto& p = m.b.graph().initializer("w", c.onnxType, { static_cast<int64_t>(c.stored.size()) });
    for (int32_t v : c.stored)
        p.add_int32_data(v);
    const qs::Tensor& t = m.load("w");
    EXPECT_EQ(t.dataType(), c.type);
    EXPECT_EQ(t.byteSize(), c.stored.size() * qs::dataTypeSize(c.type));
    for (size_t i = 0; i < c.expected.size(); ++i)
        EXPECT_EQ(t.valueAsDouble(static_cast<int64_t>(i)), c.expected[i]) << "element " << i;
}

INSTANTIATE_TEST_SUITE_P(AllInt32Carried, LoaderInt32DataTypes,
    ::testing::Values(
        IntCase { onnx::TensorProto_DataType_INT8, qs::DataType::Int8, { -128, -5, 0, 127 }, { -128, -5, 0, 127 } },
        IntCase { onnx::TensorProto_DataType_UINT8, qs::DataType::UInt8, { 0, 128, 255 }, { 0, 128, 255 } },
        IntCase { onnx::TensorProto_DataType_INT16, qs::DataType::Int16, { -32768, -1, 32767 }, { -32768, -1, 32767 } },
        IntCase { onnx::TensorProto_DataType_UINT16, qs::DataType::UInt16, { 0, 65535 }, { 0, 65535 } },
        IntCase { onnx::TensorProto_DataType_INT32, qs::DataType::Int32, { -2147483647 - 1, 7, 2147483647 },
            { -2147483648.0, 7, 2147483647 } },
        IntCase { onnx::TensorProto_DataType_BOOL, qs::DataType::Bool, { 1, 0, 1 }, { 1, 0, 1 } }));

TEST(LoaderTensors, Int64Data)
{
    TensorModel m;
    auto& p = m.b.graph().initializer("w", onnx::TensorProto_DataType_INT64, { 2 });
    p.add_int64_data(-(int64_t(1) << 40));
    p.add_int64_data(9);
    const qs::Tensor& t = m.load("w");
    EXPECT_EQ(t.data<int64_t>()[0], -(int64_t(1) << 40));
    EXPECT_EQ(t.data<int64_t>()[1], 9);
}

TEST(LoaderTensors, StringData)
{
    TensorModel m;
    auto& p = m.b.graph().initializer("labels", onnx::TensorProto_DataType_STRING, { 2 });
    p.add_string_data("cat");
    p.add_string_data(std::string("d\0g", 3));
    const qs::Tensor& t = m.load("labels");
    EXPECT_EQ(t.dataType(), qs::DataType::String);
    ASSERT_EQ(t.strings().size(), 2u);
    EXPECT_EQ(t.strings()[0], "cat");
    EXPECT_EQ(t.strings()[1], std::string("d\0g", 3));
}

TEST(LoaderTensors, RawDataOfEveryFixedSizeType)
{
    TensorModel m;
    m.b.graph().rawInitializer<int8_t>("i8", onnx::TensorProto_DataType_INT8, { 2 }, { -3, 4 });
    m.b.graph().rawInitializer<uint16_t>("u16", onnx::TensorProto_DataType_UINT16, { 1 }, { 60000 });
    m.b.graph().rawInitializer<int64_t>("i64", onnx::TensorProto_DataType_INT64, { 1 }, { -7 });
    m.b.graph().rawInitializer<double>("f64", onnx::TensorProto_DataType_DOUBLE, { 1 }, { 0.125 });
    m.b.graph().rawInitializer<uint16_t>("f16", onnx::TensorProto_DataType_FLOAT16, { 1 }, { 0x3C00 });
    m.b.graph().rawInitializer<uint8_t>("b", onnx::TensorProto_DataType_BOOL, { 2 }, { 1, 0 });
    EXPECT_EQ(m.load("i8").valueAsDouble(0), -3);
    EXPECT_EQ(m.load("u16").valueAsDouble(0), 60000);
    EXPECT_EQ(m.load("i64").valueAsDouble(0), -7);
    EXPECT_EQ(m.load("f64").valueAsDouble(0), 0.125);
    EXPECT_EQ(m.load("f16").valueAsDouble(0), 1.0);
    EXPECT_EQ(m.load("b").valueAsDouble(1), 0.0);
}

TEST(LoaderTensors, ScalarAndEmptyTensors)
{
    TensorModel m;
    m.b.graph().floatInitializer("s", {}, { 42.0f });
    m.b.graph().floatInitializer("e", { 0, 4 }, {});
    EXPECT_EQ(m.load("s").rank(), 0);
    EXPECT_EQ(m.load("s").valueAsDouble(0), 42.0);
    EXPECT_EQ(m.load("e").elementCount(), 0);
}

TEST(LoaderTensors, TypedFieldCountMismatchIsRefusedWithoutHugeAllocation)
{
    TensorModel m;
    // Dims claiming 2^39 floats with no data: must fail on the count, not try to allocate 2 TiB.
    m.b.graph().initializer("huge", onnx::TensorProto_DataType_FLOAT, { int64_t(1) << 20, int64_t(1) << 19 });
    auto r = loadBuilt(m.b);
    ASSERT_FALSE(r.isOk());
    EXPECT_EQ(r.status().code(), qs::StatusCode::InvalidModel);
    QS_EXPECT_CONTAINS(r.status().message(), "initializer 'huge'");
    QS_EXPECT_CONTAINS(r.status().message(), "float_data has 0 values");
}

} // namespace
