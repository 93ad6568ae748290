// SPDX-License-Identifier: MIT
// Image preprocessing against values computed by hand: the resampler's weights, the normalization, channel order and
// layout of the tensor, the settings derived from an input's shape, and the folder rules of loadSamples.
#include "image_writers.h"
#include "onnx_builder.h"

#include <quantscope/engine/image_samples.h>
#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/parity.h>

#include <gtest/gtest.h>

#include <fstream>
#include <unistd.h>

using namespace qs;
using namespace qs::test;

namespace {

// A row-major RGB image from gray levels (R = G = B).
RgbImage grayImage(int64_t width, int64_t height, const std::vector<uint8_t>& levels)
{
    RgbImage image { width, height, {} };
    for (uint8_t v : levels)
        image.pixels.insert(image.pixels.end(), { v, v, v });
    return image;
}

// Identity from one input of the given element type and shape to an output.
std::shared_ptr<const Model> identityModel(int32_t elemType, const std::vector<DimSpec>& dims, int inputs = 1)
{
    ModelBuilder mb(13);
    for (int k = 0; k < inputs; ++k) {
        const std::string name = k ? "x" + std::to_string(k) : "x";
        mb.graph().input(name, elemType, dims).output("y" + name, elemType);
        mb.graph().node("Identity", { name }, { "y" + name });
    }
    auto m = loadModelFromBytes(mb.serialize(), "identity.onnx");
    EXPECT_TRUE(m.isOk()) << m.status().message();
    return m.isOk() ? *m : nullptr;
}

constexpr int32_t kFloat = onnx::TensorProto_DataType_FLOAT;
constexpr int32_t kUInt8 = onnx::TensorProto_DataType_UINT8;

} // namespace

TEST(ImageResize, UpscaleIsHalfPixelBilinear)
{
    // [0, 100] to 4 pixels: output centres at source 0.25, 0.75, 1.25, 1.75; the first and last fall within half a
    // pixel of the edge (their one tap left is the edge pixel), the middle two are 0.75·0 + 0.25·100 and the mirror.
    const auto out = resizeImage(grayImage(2, 1, { 0, 100 }), 4, 1, ImageResize::Stretch);
    ASSERT_EQ(out.size(), 12u);
    const float expected[] = { 0, 25, 75, 100 };
    for (int x = 0; x < 4; ++x)
        for (int c = 0; c < 3; ++c)
            EXPECT_FLOAT_EQ(out[static_cast<size_t>(x * 3 + c)], expected[x]) << "x " << x;
}

TEST(ImageResize, DownscaleAveragesWithAWidenedTriangle)
{
    // [0, 40, 80, 120] to 2 pixels: step 2, so the triangle has radius 2. Output 0 is centred at source 1.0: taps
    // 0, 1, 2 at distances 0.5, 0.5, 1.5 weigh 0.75, 0.75, 0.25 (sum 1.75) -> (0 + 30 + 20) / 1.75 = 28.571429;
    // output 1 mirrors it: 120 - 28.571429 = 91.428571.
    const auto out = resizeImage(grayImage(4, 1, { 0, 40, 80, 120 }), 2, 1, ImageResize::Stretch);
    ASSERT_EQ(out.size(), 6u);
    EXPECT_NEAR(out[0], 50.0 / 1.75, 1e-4);
    EXPECT_NEAR(out[3], 120 - 50.0 / 1.75, 1e-4);

    // 2x2 to 1x1: the four pixels weigh the same in both directions: their mean.
    const auto mean = resizeImage(grayImage(2, 2, { 10, 20, 30, 60 }), 1, 1, ImageResize::Stretch);
    EXPECT_NEAR(mean[0], 30.0, 1e-4);
}

TEST(ImageResize, SameSizeIsTheIdentity)
{
    const RgbImage image { 2, 1, { 1, 2, 3, 250, 251, 252 } };
    const auto out = resizeImage(image, 2, 1, ImageResize::Stretch);
    const std::vector<float> expected = { 1, 2, 3, 250, 251, 252 };
    EXPECT_EQ(out, expected);
}

TEST(ImageResize, CenterCropKeepsTheMiddle)
{
    // 4x2 to 2x2: the image already covers 2x2 at scale 1, so the centre window is columns 1 and 2, unresampled.
    const auto out = resizeImage(grayImage(4, 2, { 1, 2, 3, 4, 5, 6, 7, 8 }), 2, 2, ImageResize::CenterCrop);
    const float expected[] = { 2, 3, 6, 7 };
    for (int p = 0; p < 4; ++p)
        EXPECT_FLOAT_EQ(out[static_cast<size_t>(p * 3)], expected[p]) << "pixel " << p;
    // Stretch would have averaged all four columns into two instead: (1·0.75 + 2·0.75 + 3·0.25) / 1.75 = 1.714286.
    const auto stretched = resizeImage(grayImage(4, 2, { 1, 2, 3, 4, 5, 6, 7, 8 }), 2, 2, ImageResize::Stretch);
    EXPECT_NEAR(stretched[0], 3.0 / 1.75, 1e-5);
}

TEST(ImagePreprocess, NormalizesPerChannelInNchwAndNhwc)
{
    // Two pixels: (255, 51, 0) and (0, 102, 255). x/255 - mean, / std with mean (0.5, 0.25, 0), std (0.5, 0.25, 1):
    //   pixel 0: R (1 - 0.5) / 0.5 = 1,   G (0.2 - 0.25) / 0.25 = -0.2, B 0
    //   pixel 1: R (0 - 0.5) / 0.5 = -1,  G (0.4 - 0.25) / 0.25 = 0.6,  B 1
    const RgbImage image { 2, 1, { 255, 51, 0, 0, 102, 255 } };
    ImagePreprocess asked;
    asked.mean = { 0.5, 0.25, 0 };
    asked.std = { 0.5, 0.25, 1 };
    auto nchwModel = identityModel(kFloat, { 1, 3, 1, 2 });
    auto plan = planImageInput(*nchwModel, asked);
    ASSERT_TRUE(plan.isOk()) << plan.status().message();
    EXPECT_EQ(plan->layout, ImageLayout::Nchw);
    HostTensor t = preprocessImage(image, *plan);
    ASSERT_EQ(t.dims(), (std::vector<int64_t> { 1, 3, 1, 2 }));
    const float nchw[] = { 1, -1, -0.2f, 0.6f, 0, 1 };
    for (size_t i = 0; i < 6; ++i)
        EXPECT_NEAR(t.data<float>()[i], nchw[i], 1e-6) << i;

    auto nhwcModel = identityModel(kFloat, { 1, 1, 2, 3 });
    asked.layout = ImageLayout::Nhwc; // [1, 1, 2, 3] could be NCHW with one channel and a width of 3 too
    auto nhwcPlan = planImageInput(*nhwcModel, asked);
    ASSERT_TRUE(nhwcPlan.isOk()) << nhwcPlan.status().message();
    EXPECT_EQ(nhwcPlan->layout, ImageLayout::Nhwc);
    HostTensor u = preprocessImage(image, *nhwcPlan);
    const float nhwc[] = { 1, -0.2f, 0, -1, 0.6f, 1 };
    for (size_t i = 0; i < 6; ++i)
        EXPECT_NEAR(u.data<float>()[i], nhwc[i], 1e-6) << i;
}

TEST(ImagePreprocess, BgrGrayAndUint8)
{
    const RgbImage image { 1, 1, { 255, 51, 0 } };
    auto rgbModel = identityModel(kFloat, { 1, 3, 1, 1 });
    // One-pixel inputs have 1 or 3 at both candidate channel positions: the layout is given.
    ImagePreprocess bgr;
    bgr.layout = ImageLayout::Nchw;
    bgr.channels = ImageChannels::Bgr;
    bgr.scale = 1.0;
    auto plan = planImageInput(*rgbModel, bgr);
    ASSERT_TRUE(plan.isOk()) << plan.status().message();
    HostTensor t = preprocessImage(image, *plan);
    EXPECT_FLOAT_EQ(t.data<float>()[0], 0);
    EXPECT_FLOAT_EQ(t.data<float>()[1], 51);
    EXPECT_FLOAT_EQ(t.data<float>()[2], 255);

    // Gray for a one-channel input: 0.299·255 + 0.587·51 + 0.114·0 = 106.182, /255 = 0.416400.
    auto grayModel = identityModel(kFloat, { 1, 1, 1, 1 });
    ImagePreprocess nchw;
    nchw.layout = ImageLayout::Nchw;
    auto grayPlan = planImageInput(*grayModel, nchw);
    ASSERT_TRUE(grayPlan.isOk()) << grayPlan.status().message();
    EXPECT_EQ(grayPlan->channels, ImageChannels::Gray);
    EXPECT_NEAR(preprocessImage(image, *grayPlan).data<float>()[0], 106.182 / 255, 1e-6);

    // uint8 input: the samples rounded, no normalization; asking for one is refused.
    auto u8Model = identityModel(kUInt8, { 1, 1, 1, 3 });
    ImagePreprocess nhwc;
    nhwc.layout = ImageLayout::Nhwc;
    auto u8Plan = planImageInput(*u8Model, nhwc);
    ASSERT_TRUE(u8Plan.isOk()) << u8Plan.status().message();
    HostTensor u = preprocessImage(grayImage(2, 1, { 0, 101 }), *u8Plan); // resized to 1 pixel: 50.5 -> 51
    EXPECT_EQ(u.data<uint8_t>()[0], 51);
    ImagePreprocess withMean = nhwc;
    withMean.mean = { 0.5 };
    auto refused = planImageInput(*u8Model, withMean);
    ASSERT_FALSE(refused.isOk());
    EXPECT_NE(refused.status().message().find("uint8"), std::string::npos);
}

TEST(ImagePlan, DerivedFromTheInputShapeAndStated)
{
    auto m = identityModel(kFloat, { 1, 3, 224, 200 });
    auto plan = planImageInput(*m, {});
    ASSERT_TRUE(plan.isOk()) << plan.status().message();
    EXPECT_EQ(plan->width, 200);
    EXPECT_EQ(plan->height, 224);
    EXPECT_EQ(describeImagePlan(*plan), "resized to 200x224 (bilinear stretch), RGB, NCHW float[1x3x224x200] = x/255");
    ImagePreprocess imagenet;
    imagenet.resize = ImageResize::CenterCrop;
    imagenet.mean = { 0.485, 0.456, 0.406 };
    imagenet.std = { 0.229, 0.224, 0.225 };
    EXPECT_EQ(describeImagePlan(*planImageInput(*m, imagenet)),
        "resized to 200x224 (bilinear center-crop), RGB, NCHW float[1x3x224x200] = (x/255 - mean) / std, mean "
        "0.485,0.456,0.406, std 0.229,0.224,0.225");

    // Free height and width: the size must be given, and then it binds them.
    auto free = identityModel(kFloat, { "N", 3, "H", "W" });
    auto noSize = planImageInput(*free, {});
    ASSERT_FALSE(noSize.isOk());
    EXPECT_NE(noSize.status().message().find("--image-size"), std::string::npos) << noSize.status().message();
    ImagePreprocess sized;
    sized.width = 64;
    sized.height = 32;
    auto bound = planImageInput(*free, sized);
    ASSERT_TRUE(bound.isOk()) << bound.status().message();
    EXPECT_EQ(bound->dims, (std::vector<int64_t> { 1, 3, 32, 64 }));
}

TEST(ImagePlan, RefusesWhatItCannotSettle)
{
    auto expectRefused = [](const std::shared_ptr<const Model>& m, const ImagePreprocess& p, const char* word) {
        auto plan = planImageInput(*m, p);
        ASSERT_FALSE(plan.isOk()) << word;
        EXPECT_NE(plan.status().message().find(word), std::string::npos) << plan.status().message();
    };
    expectRefused(identityModel(kFloat, { 1, 3, 3, 3 }), {}, "--image-layout"); // channels first or last?
    expectRefused(identityModel(kFloat, { 8, 3, 32, 32 }), {}, "batches of 8");
    expectRefused(identityModel(kFloat, { 1, 3, 32, 32 }, 2), {}, "one input");
    expectRefused(identityModel(kFloat, { 1, 3, 32 }), {}, "4-D");
    expectRefused(identityModel(kFloat, { 1, 4, 32, 32 }), {}, "neither dimension 1 nor 3");
    ImagePreprocess nchw;
    nchw.layout = ImageLayout::Nchw;
    expectRefused(identityModel(kFloat, { 1, 4, 32, 32 }), nchw, "4 channels");
    ImagePreprocess wrongSize;
    wrongSize.width = wrongSize.height = 64;
    expectRefused(identityModel(kFloat, { 1, 3, 32, 32 }), wrongSize, "not the image size 64x64");
    ImagePreprocess gray;
    gray.channels = ImageChannels::Gray;
    expectRefused(identityModel(kFloat, { 1, 3, 32, 32 }), gray, "3 channels");
    ImagePreprocess twoMeans;
    twoMeans.mean = { 0.1, 0.2 };
    expectRefused(identityModel(kFloat, { 1, 3, 32, 32 }), twoMeans, "give 1 or 3");
    ImagePreprocess zeroStd;
    zeroStd.std = { 0 };
    expectRefused(identityModel(kFloat, { 1, 3, 32, 32 }), zeroStd, "std of 0");
}

class ImageFolder : public ::testing::Test
{
protected:
    void SetUp() override { fs::create_directories(dir); }
    void TearDown() override { fs::remove_all(dir); }
    const fs::path dir = fs::temp_directory_path() / ("qs_image_folder_" + std::to_string(::getpid()));
};

TEST_F(ImageFolder, LoadsEveryImageAndSaysHow)
{
    writeSolidPng(dir / "a.png", 4, 4, 255, 0, 51);
    writeSolidPng(dir / "b.png", 2, 6, 0, 255, 0);
    std::ofstream(dir / "notes.txt") << "not data";
    auto m = identityModel(kFloat, { 1, 3, 2, 2 });
    std::string described;
    auto samples = loadSamples(*m, dir.string(), {}, {}, &described);
    ASSERT_TRUE(samples.isOk()) << samples.status().message();
    ASSERT_EQ(samples->size(), 2u);
    EXPECT_EQ(described,
        "2 images from " + dir.string() + ", resized to 2x2 (bilinear stretch), RGB, NCHW float[1x3x2x2] = x/255");
    // A solid colour stays that colour through any resize: a.png is (1, 0, 0.2) everywhere.
    const auto a = (*samples)[0][0].data<float>();
    EXPECT_FLOAT_EQ(a[0], 1.0f);
    EXPECT_FLOAT_EQ(a[4], 0.0f);
    EXPECT_NEAR(a[8], 0.2f, 1e-6);
    EXPECT_FLOAT_EQ((*samples)[1][0].data<float>()[5], 1.0f);
}

TEST_F(ImageFolder, MixedFoldersAndUnreadableImagesAreRefusedByName)
{
    auto m = identityModel(kFloat, { 1, 3, 2, 2 });
    writeSolidPng(dir / "good.png", 2, 2, 1, 2, 3);
    std::ofstream(dir / "broken.jpg") << "\xFF\xD8\xFF not really";
    std::ofstream(dir / "empty.png") << "";
    auto unreadable = loadSamples(*m, dir.string());
    ASSERT_FALSE(unreadable.isOk());
    const std::string message = unreadable.status().message();
    EXPECT_NE(message.find("2 of 3 images are unreadable"), std::string::npos) << message;
    EXPECT_NE(message.find((dir / "broken.jpg").string()), std::string::npos) << message;
    EXPECT_NE(message.find((dir / "empty.png").string()), std::string::npos) << message;

    fs::remove(dir / "broken.jpg");
    fs::remove(dir / "empty.png");
    std::ofstream(dir / "input.npy") << "";
    auto mixed = loadSamples(*m, dir.string());
    ASSERT_FALSE(mixed.isOk());
    EXPECT_NE(mixed.status().message().find("both images (good.png, ...) and tensor data (input.npy, ...)"),
        std::string::npos)
        << mixed.status().message();

    // Image options with random data (or a tensor folder) are a mistake worth saying.
    ImagePreprocess sized;
    sized.width = sized.height = 2;
    auto random = loadSamples(*m, "random:2", {}, sized);
    ASSERT_FALSE(random.isOk());
    EXPECT_NE(random.status().message().find("apply to a folder of PNG or JPEG images"), std::string::npos);
}
