// SPDX-License-Identifier: MIT
// External data: location/offset/length relative to the model file, and the ways it goes wrong.
#include "loader_test_util.h"

#include <fstream>

namespace {

using namespace qs::test;
namespace fs = std::filesystem;

void writeFile(const fs::path& p, const std::string& bytes)
{
    std::ofstream out(p, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

std::string floatBytes(const std::vector<float>& v)
{
    return std::string(reinterpret_cast<const char*>(v.data()), v.size() * 4);
}

/// Saves model.onnx in `dir` with initializer 'w' (float[4]) stored externally.
void saveExternalModel(const fs::path& dir, const std::string& location, int64_t offset, int64_t length)
{
    ModelBuilder b;
    b.graph().input("x", onnx::TensorProto_DataType_FLOAT, { 4 });
    auto& w = b.graph().initializer("w", onnx::TensorProto_DataType_FLOAT, { 4 });
    w.set_data_location(onnx::TensorProto_DataLocation_EXTERNAL);
    auto add = [&](const char* k, const std::string& v) {
        auto* e = w.add_external_data();
        e->set_key(k);
        e->set_value(v);
    };
    add("location", location);
    if (offset >= 0)
        add("offset", std::to_string(offset));
    if (length >= 0)
        add("length", std::to_string(length));
    b.graph().node("Add", { "x", "w" }, { "y" }, "add");
    b.graph().output("y", onnx::TensorProto_DataType_FLOAT);
    b.save(dir / "model.onnx");
}

TEST(LoaderExternalData, ReadsOffsetAndLengthRelativeToTheModelFile)
{
    TempDir dir;
    fs::create_directories(dir.path() / "weights");
    writeFile(dir.path() / "weights" / "w.bin", "PADDING!" + floatBytes({ 1.0f, -2.0f, 3.5f, 4.0f }) + "tail");
    saveExternalModel(dir.path(), "weights/w.bin", 8, 16);
    auto r = qs::loadModel(dir.path() / "model.onnx");
    ASSERT_TRUE(r.isOk()) << r.status().toString();
    const auto& g = (*r)->graph();
    const qs::Tensor* t = g.constantData(*g.findValue("w"));
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(t->data<float>()[1], -2.0f);
    EXPECT_EQ(t->data<float>()[2], 3.5f);
    EXPECT_EQ((*r)->externalDataBytes, 16);
}

TEST(LoaderExternalData, OffsetAndLengthAreOptional)
{
    TempDir dir;
    writeFile(dir.path() / "w.bin", floatBytes({ 5, 6, 7, 8 }));
    saveExternalModel(dir.path(), "w.bin", -1, -1);
    auto r = qs::loadModel(dir.path() / "model.onnx");
    ASSERT_TRUE(r.isOk()) << r.status().toString();
    const auto& g = (*r)->graph();
    EXPECT_EQ(g.constantData(*g.findValue("w"))->data<float>()[3], 8.0f);
}

TEST(LoaderExternalData, MissingFileNamesFileTensorAndLocation)
{
    TempDir dir;
    saveExternalModel(dir.path(), "absent.bin", 0, 16);
    auto r = qs::loadModel(dir.path() / "model.onnx");
    ASSERT_FALSE(r.isOk());
    EXPECT_EQ(r.status().code(), qs::StatusCode::NotFound);
    QS_EXPECT_CONTAINS(r.status().message(), "model.onnx");
    QS_EXPECT_CONTAINS(r.status().message(), "initializer 'w'");
    QS_EXPECT_CONTAINS(r.status().message(), "missing external-data file 'absent.bin'");
}

TEST(LoaderExternalData, TooShortFile)
{
    TempDir dir;
    writeFile(dir.path() / "w.bin", floatBytes({ 1, 2, 3 })); // 12 of 16 bytes
    saveExternalModel(dir.path(), "w.bin", 0, 16);
    auto r = qs::loadModel(dir.path() / "model.onnx");
    ASSERT_FALSE(r.isOk());
    QS_EXPECT_CONTAINS(r.status().message(), "initializer 'w'");
    QS_EXPECT_CONTAINS(r.status().message(), "too short");
}

TEST(LoaderExternalData, OffsetBeyondTheEnd)
{
    TempDir dir;
    writeFile(dir.path() / "w.bin", floatBytes({ 1, 2, 3, 4 }));
    saveExternalModel(dir.path(), "w.bin", 4, -1);
    auto r = qs::loadModel(dir.path() / "model.onnx");
    ASSERT_FALSE(r.isOk());
    QS_EXPECT_CONTAINS(r.status().message(), "too short: needs 16 bytes at offset 4, file has 16");
}

TEST(LoaderExternalData, LengthThatDisagreesWithTheShape)
{
    TempDir dir;
    writeFile(dir.path() / "w.bin", floatBytes({ 1, 2, 3, 4, 5 }));
    saveExternalModel(dir.path(), "w.bin", 0, 20);
    auto r = qs::loadModel(dir.path() / "model.onnx");
    ASSERT_FALSE(r.isOk());
    QS_EXPECT_CONTAINS(r.status().message(), "length 20 does not match the tensor's 16 bytes");
}

TEST(LoaderExternalData, PathsEscapingTheFolderAreRefused)
{
    TempDir dir;
    fs::create_directories(dir.path() / "m");
    writeFile(dir.path() / "secret.bin", floatBytes({ 1, 2, 3, 4 }));
    for (const std::string loc :
        { std::string("../secret.bin"), std::string("sub/../../secret.bin"), (dir.path() / "secret.bin").string() }) {
        saveExternalModel(dir.path() / "m", loc, 0, 16);
        auto r = qs::loadModel(dir.path() / "m" / "model.onnx");
        ASSERT_FALSE(r.isOk()) << loc;
        EXPECT_EQ(r.status().code(), qs::StatusCode::InvalidModel);
        QS_EXPECT_CONTAINS(r.status().message(), "must be a relative path inside the model's folder");
    }
}

TEST(LoaderExternalData, NamesWithDoubleDotsThatStayInsideAreFine)
{
    TempDir dir;
    writeFile(dir.path() / "w..v2.bin", floatBytes({ 1, 2, 3, 4 }));
    saveExternalModel(dir.path(), "w..v2.bin", 0, 16);
    auto r = qs::loadModel(dir.path() / "model.onnx");
    EXPECT_TRUE(r.isOk()) << r.status().toString();
}

TEST(LoaderExternalData, RefusedForModelsLoadedFromMemory)
{
    TempDir dir;
    writeFile(dir.path() / "w.bin", floatBytes({ 1, 2, 3, 4 }));
    saveExternalModel(dir.path(), "w.bin", 0, 16);
    std::ifstream in(dir.path() / "model.onnx", std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), {});
    auto r = qs::loadModelFromBytes(bytes, "mem.onnx");
    ASSERT_FALSE(r.isOk());
    QS_EXPECT_CONTAINS(r.status().message(), "not loaded from a file");
}

} // namespace
