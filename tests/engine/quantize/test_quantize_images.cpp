// SPDX-License-Identifier: MIT
// `quantscope-cli quantize --format qdq --calibration-data IMAGES` end to end on a one-Conv model: the written file
// passes libonnx's checker, and its activation scales are the ones computed by hand from the images' pixel values,
// so the preprocessing (scale, mean/std, channel order) reaches the calibration.
#include "image_writers.h"
#include "onnx_builder.h"

#include <quantscope/engine/model_loader.h>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <onnx/checker.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <unistd.h>

using namespace qs;
using namespace qs::test;

namespace {

// y = Conv1x1(x) with weights (0.5, 0.25, -1) over (R, G, B) and bias 0.1: y = 0.5 R + 0.25 G - B + 0.1.
void writeConvModel(const fs::path& path)
{
    ModelBuilder mb(13);
    auto& g = mb.graph();
    g.input("x", onnx::TensorProto_DataType_FLOAT, { 1, 3, 4, 4 });
    g.output("y", onnx::TensorProto_DataType_FLOAT, { 1, 1, 4, 4 }, true);
    g.floatInitializer("w", { 1, 3, 1, 1 }, { 0.5f, 0.25f, -1.0f });
    g.floatInitializer("b", { 1 }, { 0.1f });
    g.node("Conv", { "x", "w", "b" }, { "y" }, "conv");
    mb.save(path);
}

struct CliRun
{
    int status = -1;
    std::string out;
};

CliRun runCli(const std::string& arguments)
{
    CliRun r;
    const std::string command = std::string(QS_CLI) + " " + arguments + " 2>&1";
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
    std::array<char, 4096> buffer {};
    while (size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe.get()))
        r.out.append(buffer.data(), n);
    r.status = pclose(pipe.release());
    return r;
}

struct Scales
{
    float input = 0;
    int inputZeroPoint = -1;
    float output = 0;
    int outputZeroPoint = -1;
};

// The scale and zero point of the QuantizeLinear on the graph input and of the one after the Conv.
Scales activationScales(const Model& m)
{
    const Graph& g = m.graph();
    Scales s;
    for (const Node& n : g.nodes()) {
        if (n.opType != "QuantizeLinear")
            continue;
        const float scale = g.constantData(n.input(1))->data<float>()[0];
        const int zp = g.constantData(n.input(2))->data<uint8_t>()[0];
        const ValueId in = n.input(0);
        if (g.value(in).isGraphInput) {
            s.input = scale;
            s.inputZeroPoint = zp;
        } else if (g.producer(in) != kNoNode && g.node(g.producer(in)).opType == "Conv") {
            s.output = scale;
            s.outputZeroPoint = zp;
        }
    }
    return s;
}

class QuantizeImages : public ::testing::Test
{
protected:
    void SetUp() override
    {
        fs::remove_all(dir);
        fs::create_directories(dir);
        writeConvModel(dir / "conv.onnx");
    }
    void TearDown() override { fs::remove_all(dir); }

    // A folder of solid-colour images of different sizes (resizing a solid colour keeps it).
    fs::path folder(const std::string& name, unsigned char r, unsigned char g, unsigned char b)
    {
        const fs::path f = dir / name;
        fs::create_directories(f);
        writeSolidPng(f / "a.png", 8, 6, r, g, b);
        writeSolidPng(f / "b.png", 3, 5, r, g, b);
        return f;
    }

    // Quantizes with the images in `images` and returns the written model's activation scales.
    Scales quantize(const fs::path& images, const std::string& options, const std::string& expectStated = {})
    {
        const fs::path out = dir / ("q_" + images.filename().string() + ".onnx");
        const CliRun r = runCli(fmt::format("quantize {} {} --format qdq --calibration-data {} {}",
            (dir / "conv.onnx").string(), out.string(), images.string(), options));
        EXPECT_EQ(r.status, 0) << r.out;
        if (!expectStated.empty())
            EXPECT_NE(r.out.find(expectStated), std::string::npos) << r.out;
        EXPECT_NO_THROW(onnx::checker::check_model(out.string())) << out;
        auto m = loadModel(out.string());
        EXPECT_TRUE(m.isOk()) << m.status().message();
        return m.isOk() ? activationScales(**m) : Scales {};
    }

    const fs::path dir = fs::temp_directory_path() / ("qs_quantize_images_" + std::to_string(::getpid()));
};

} // namespace

TEST_F(QuantizeImages, WhiteAndBlackFoldersGiveTheHandComputedScales)
{
    // White: x = 1 in every channel, y = 0.5 + 0.25 - 1 + 0.1 = -0.15. Ranges are widened to hold 0 (ONNX
    // Runtime's rule): x [0, 1] -> scale 1/255, zero point 0; y [-0.15, 0] -> scale 0.15/255, zero point 255.
    const Scales white = quantize(folder("white", 255, 255, 255), "",
        "calibrating on 2 images from " + (dir / "white").string()
            + ", resized to 4x4 (bilinear stretch), RGB, NCHW float[1x3x4x4] = x/255");
    EXPECT_FLOAT_EQ(white.input, 1.0f / 255);
    EXPECT_EQ(white.inputZeroPoint, 0);
    EXPECT_NEAR(white.output, 0.15f / 255, 1e-9);
    EXPECT_EQ(white.outputZeroPoint, 255);
    // parity --inputs reads the same folder the same way, one sample per image, and says so.
    const CliRun parity = runCli(fmt::format("parity {} {} --inputs {} --no-layers", (dir / "conv.onnx").string(),
        (dir / "q_white.onnx").string(), (dir / "white").string()));
    EXPECT_NE(
        parity.out.find("inputs: 2 images from " + (dir / "white").string() + ", resized to 4x4"), std::string::npos)
        << parity.out;
    EXPECT_NE(parity.out.find("(2 samples)"), std::string::npos) << parity.out;

    // Black: x = 0, a range of [0, 0] -> scale 1, zero point 0; y = 0.1 -> [0, 0.1] -> 0.1/255, zero point 0.
    const Scales black = quantize(folder("black", 0, 0, 0), "");
    EXPECT_FLOAT_EQ(black.input, 1.0f);
    EXPECT_EQ(black.inputZeroPoint, 0);
    EXPECT_NEAR(black.output, 0.1f / 255, 1e-9);
    EXPECT_EQ(black.outputZeroPoint, 0);
}

TEST_F(QuantizeImages, ChannelOrderAndNormalizationReachTheRanges)
{
    // (255, 0, 51): RGB x = (1, 0, 0.2) -> y = 0.5 - 0.2 + 0.1 = 0.4 -> scale 0.4/255, zero point 0.
    const fs::path colour = folder("colour", 255, 0, 51);
    const Scales rgb = quantize(colour, "");
    EXPECT_NEAR(rgb.output, 0.4f / 255, 1e-9);
    EXPECT_EQ(rgb.outputZeroPoint, 0);
    // BGR: x = (0.2, 0, 1) -> y = 0.1 - 1 + 0.1 = -0.8 -> scale 0.8/255, zero point 255.
    const Scales bgr = quantize(colour, "--image-channels bgr", ", BGR, NCHW");
    EXPECT_NEAR(bgr.output, 0.8f / 255, 1e-9);
    EXPECT_EQ(bgr.outputZeroPoint, 255);
    // Black with (x/255 - 0.5) / 0.5: x = -1 -> [-1, 0] -> scale 1/255, zero point 255;
    // y = -0.5 - 0.25 + 1 + 0.1 = 0.35 -> scale 0.35/255, zero point 0.
    const Scales centred = quantize(folder("black", 0, 0, 0), "--image-mean 0.5 --image-std 0.5",
        "= (x/255 - mean) / std, mean 0.5,0.5,0.5, std 0.5,0.5,0.5");
    EXPECT_FLOAT_EQ(centred.input, 1.0f / 255);
    EXPECT_EQ(centred.inputZeroPoint, 255);
    EXPECT_NEAR(centred.output, 0.35f / 255, 1e-9);
}

TEST_F(QuantizeImages, UnusableFoldersAndOptionsAreRefusedWithTheReason)
{
    const fs::path mixed = folder("mixed", 1, 2, 3);
    std::ofstream(mixed / "x.npy") << "";
    const fs::path model = dir / "conv.onnx";
    const fs::path out = dir / "never.onnx";
    CliRun r = runCli(
        fmt::format("quantize {} {} --format qdq --calibration-data {}", model.string(), out.string(), mixed.string()));
    EXPECT_EQ(r.status >> 8, 1) << r.out;
    EXPECT_NE(r.out.find("holds both images"), std::string::npos) << r.out;

    r = runCli(fmt::format(
        "quantize {} {} --format qdq --calibration-data random:2 --image-size 4x4", model.string(), out.string()));
    EXPECT_EQ(r.status >> 8, 1) << r.out;
    EXPECT_NE(r.out.find("apply to a folder of PNG or JPEG images"), std::string::npos) << r.out;

    r = runCli(fmt::format("quantize {} {} --format dynamic --image-size 4x4", model.string(), out.string()));
    EXPECT_EQ(r.status >> 8, 2) << r.out;
    r = runCli(fmt::format("quantize {} {} --format qdq --image-size 4by4", model.string(), out.string()));
    EXPECT_EQ(r.status >> 8, 2) << r.out;
    EXPECT_NE(r.out.find("--image-size takes WIDTHxHEIGHT"), std::string::npos) << r.out;
    EXPECT_FALSE(fs::exists(out));
}
