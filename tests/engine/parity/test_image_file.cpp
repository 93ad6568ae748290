// SPDX-License-Identifier: MIT
// decodeImageFile against pixels set by hand: the tests write their own PNG and JPEG files with libpng and
// libjpeg (the machines have no image data), decode them, and compare exactly (PNG, lossless) or within a tolerance
// (JPEG, lossy).
#include "image_writers.h"

#include <quantscope/engine/image_file.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <unistd.h>
#include <vector>

using namespace qs;
using namespace qs::test;
namespace fs = std::filesystem;

namespace {

fs::path scratchDir()
{
    fs::path dir = fs::temp_directory_path() / ("qs_image_file_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    return dir;
}

std::string readBytes(const fs::path& p)
{
    std::ifstream in(p, std::ios::binary);
    return { std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>() };
}

void writeBytes(const fs::path& p, const std::string& bytes)
{
    std::ofstream(p, std::ios::binary) << bytes;
}

void expectPixel(const RgbImage& image, int64_t y, int64_t x, int r, int g, int b, int tolerance = 0)
{
    const uint8_t* p = image.at(y, x);
    EXPECT_NEAR(p[0], r, tolerance) << "red at row " << y << ", column " << x;
    EXPECT_NEAR(p[1], g, tolerance) << "green at row " << y << ", column " << x;
    EXPECT_NEAR(p[2], b, tolerance) << "blue at row " << y << ", column " << x;
}

class ImageFile : public ::testing::Test
{
protected:
    void TearDown() override { fs::remove_all(dir); }
    // Writes `spec` to dir/name with libpng and reads it back with the decoder under test.
    Result<RgbImage> roundTrip(const std::string& name, const PngSpec& spec)
    {
        writePng(dir / name, spec);
        return decodeImageFile(dir / name);
    }
    fs::path dir = scratchDir();
};

} // namespace

TEST_F(ImageFile, Png8BitRgbIsExact)
{
    PngSpec spec { 3, 2, PNG_COLOR_TYPE_RGB, 8, {} };
    spec.rows = { { 255, 0, 0, 0, 255, 0, 0, 0, 255 }, { 1, 2, 3, 128, 129, 130, 254, 253, 252 } };
    auto image = roundTrip("rgb.png", spec);
    ASSERT_TRUE(image.isOk()) << image.status().message();
    EXPECT_EQ(image->width, 3);
    EXPECT_EQ(image->height, 2);
    const std::vector<uint8_t> expected = { 255, 0, 0, 0, 255, 0, 0, 0, 255, 1, 2, 3, 128, 129, 130, 254, 253, 252 };
    EXPECT_EQ(image->pixels, expected);
}

TEST_F(ImageFile, PngInterlacedIsReadWhole)
{
    // Adam7 spreads an 8x8 image over seven passes; the decoder must assemble all of them.
    PngSpec spec { 8, 8, PNG_COLOR_TYPE_RGB, 8, {} };
    for (int y = 0; y < 8; ++y) {
        spec.rows.emplace_back();
        for (int x = 0; x < 8; ++x)
            spec.rows.back().insert(spec.rows.back().end(),
                { static_cast<unsigned char>(y * 8 + x), static_cast<unsigned char>(x),
                    static_cast<unsigned char>(y) });
    }
    spec.interlaced = true;
    auto image = roundTrip("adam7.png", spec);
    ASSERT_TRUE(image.isOk()) << image.status().message();
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 8; ++x)
            expectPixel(*image, y, x, y * 8 + x, x, y);
}

TEST_F(ImageFile, PngGrayIsReplicatedAndLowDepthsExpanded)
{
    PngSpec gray8 { 2, 1, PNG_COLOR_TYPE_GRAY, 8, { { 7, 200 } } };
    auto a = roundTrip("gray8.png", gray8);
    ASSERT_TRUE(a.isOk()) << a.status().message();
    expectPixel(*a, 0, 0, 7, 7, 7);
    expectPixel(*a, 0, 1, 200, 200, 200);

    // 4-bit gray, two pixels a byte, high nibble first: 0x5 and 0xF scale to 0x55 = 85 and 0xFF = 255 (bit
    // replication, which is v·255/15 exactly).
    PngSpec gray4 { 2, 1, PNG_COLOR_TYPE_GRAY, 4, { { 0x5F } } };
    auto b = roundTrip("gray4.png", gray4);
    ASSERT_TRUE(b.isOk()) << b.status().message();
    expectPixel(*b, 0, 0, 85, 85, 85);
    expectPixel(*b, 0, 1, 255, 255, 255);

    // Gray + alpha: the alpha is dropped, the gray kept as stored.
    PngSpec grayAlpha { 1, 1, PNG_COLOR_TYPE_GRAY_ALPHA, 8, { { 90, 10 } } };
    auto c = roundTrip("ga.png", grayAlpha);
    ASSERT_TRUE(c.isOk()) << c.status().message();
    expectPixel(*c, 0, 0, 90, 90, 90);
}

TEST_F(ImageFile, PngAlphaIsDropped)
{
    PngSpec spec { 2, 1, PNG_COLOR_TYPE_RGBA, 8, { { 10, 20, 30, 0, 40, 50, 60, 255 } } };
    auto image = roundTrip("rgba.png", spec);
    ASSERT_TRUE(image.isOk()) << image.status().message();
    expectPixel(*image, 0, 0, 10, 20, 30);
    expectPixel(*image, 0, 1, 40, 50, 60);
}

TEST_F(ImageFile, Png16BitIsScaledWithRounding)
{
    // Big-endian samples. 65535 -> 255; 257·k -> k exactly; 511 -> 511·255/65535 = 1.988 -> 2 (taking the high byte
    // would give 1); 32767 -> 127.498 -> 127; 32768 -> 127.502 -> 128.
    PngSpec spec { 2, 1, PNG_COLOR_TYPE_RGB, 16, {} };
    spec.rows = { { 0xFF, 0xFF, 0x50, 0x50, 0x01, 0xFF, 0x7F, 0xFF, 0x80, 0x00, 0x00, 0x00 } };
    auto image = roundTrip("rgb16.png", spec);
    ASSERT_TRUE(image.isOk()) << image.status().message();
    expectPixel(*image, 0, 0, 255, 0x50, 2);
    expectPixel(*image, 0, 1, 127, 128, 0);

    PngSpec gray16 { 1, 1, PNG_COLOR_TYPE_GRAY, 16, { { 0x01, 0xFF } } };
    auto g = roundTrip("gray16.png", gray16);
    ASSERT_TRUE(g.isOk()) << g.status().message();
    expectPixel(*g, 0, 0, 2, 2, 2);
}

TEST_F(ImageFile, PngPaletteIsExpanded)
{
    // 2-bit indices 2, 0, 1, 2 in one byte (first pixel in the high bits); index 1 is transparent in tRNS: still
    // its colour.
    PngSpec spec { 4, 1, PNG_COLOR_TYPE_PALETTE, 2, { { 0b10000110 } } };
    spec.palette = { { 11, 22, 33 }, { 44, 55, 66 }, { 250, 128, 3 } };
    spec.paletteAlpha = { 255, 0 };
    auto image = roundTrip("palette.png", spec);
    ASSERT_TRUE(image.isOk()) << image.status().message();
    ASSERT_EQ(image->width, 4);
    expectPixel(*image, 0, 0, 250, 128, 3);
    expectPixel(*image, 0, 1, 11, 22, 33);
    expectPixel(*image, 0, 2, 44, 55, 66);
    expectPixel(*image, 0, 3, 250, 128, 3);
}

TEST_F(ImageFile, JpegRgbWithinTolerance)
{
    // 16x16, four uniform 8x8 quadrants (each one DCT block): quality 100 4:4:4 keeps them within 2 levels.
    const int quad[4][3] = { { 255, 0, 0 }, { 0, 200, 0 }, { 20, 40, 240 }, { 128, 128, 128 } };
    std::vector<unsigned char> pixels;
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 16; ++x)
            for (int c = 0; c < 3; ++c)
                pixels.push_back(static_cast<unsigned char>(quad[(y / 8) * 2 + x / 8][c]));
    writeJpeg(dir / "quads.jpg", 16, 16, 3, pixels);
    auto image = decodeImageFile(dir / "quads.jpg");
    ASSERT_TRUE(image.isOk()) << image.status().message();
    ASSERT_EQ(image->width, 16);
    ASSERT_EQ(image->height, 16);
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 16; ++x) {
            const int* q = quad[(y / 8) * 2 + x / 8];
            expectPixel(*image, y, x, q[0], q[1], q[2], 2);
        }
}

TEST_F(ImageFile, JpegGrayIsReplicated)
{
    std::vector<unsigned char> pixels(8 * 8, 77);
    writeJpeg(dir / "gray.jpeg", 8, 8, 1, pixels);
    auto image = decodeImageFile(dir / "gray.jpeg");
    ASSERT_TRUE(image.isOk()) << image.status().message();
    expectPixel(*image, 3, 5, 77, 77, 77, 1);
}

TEST_F(ImageFile, TruncatedAndCorruptFilesAreNamedErrors)
{
    PngSpec spec { 16, 16, PNG_COLOR_TYPE_RGB, 8, {} };
    for (int y = 0; y < 16; ++y) {
        spec.rows.emplace_back();
        for (int x = 0; x < 48; ++x)
            spec.rows.back().push_back(static_cast<unsigned char>((x * 37 + y * 11) & 0xFF));
    }
    writePng(dir / "whole.png", spec);
    const std::string png = readBytes(dir / "whole.png");
    std::vector<unsigned char> jpegPixels(32 * 32 * 3);
    for (size_t i = 0; i < jpegPixels.size(); ++i)
        jpegPixels[i] = static_cast<unsigned char>((i * 7) & 0xFF);
    writeJpeg(dir / "whole.jpg", 32, 32, 3, jpegPixels);
    const std::string jpeg = readBytes(dir / "whole.jpg");

    std::string flipped = png;
    flipped[png.size() / 2] ^= 0x5A; // inside IDAT: its CRC no longer matches
    const std::vector<std::pair<std::string, std::string>> bad = {
        { "cut.png", png.substr(0, png.size() / 2) },
        { "no_iend.png", png.substr(0, png.size() - 12) },
        { "flipped.png", flipped },
        { "header_only.png", png.substr(0, 8) },
        { "cut.jpg", jpeg.substr(0, jpeg.size() / 2) },
        { "header_only.jpg", jpeg.substr(0, 3) },
        { "text.png", "not an image at all" },
        { "empty.jpg", "" },
    };
    for (const auto& [name, bytes] : bad) {
        writeBytes(dir / name, bytes);
        auto image = decodeImageFile(dir / name);
        ASSERT_FALSE(image.isOk()) << name << " decoded";
        EXPECT_EQ(image.status().code(), StatusCode::InvalidArgument) << name;
        EXPECT_NE(image.status().message().find((dir / name).string()), std::string::npos)
            << name << ": " << image.status().message();
    }
    auto missing = decodeImageFile(dir / "absent.png");
    EXPECT_EQ(missing.status().code(), StatusCode::NotFound);
}

TEST_F(ImageFile, SeededCorruptionsGiveAnImageOrAnErrorNeverACrash)
{
    // 300 seeded mutations of a valid PNG and JPEG (bytes flipped, cut at a random length, or both); libpng and
    // libjpeg must hand every failure back through the error paths, and a decoded image must have its full size.
    PngSpec spec { 12, 9, PNG_COLOR_TYPE_RGB, 8, {} };
    for (int y = 0; y < 9; ++y) {
        spec.rows.emplace_back();
        for (int x = 0; x < 36; ++x)
            spec.rows.back().push_back(static_cast<unsigned char>((x * 29 + y * 13) & 0xFF));
    }
    writePng(dir / "seed.png", spec);
    std::vector<unsigned char> pixels(24 * 16 * 3);
    for (size_t i = 0; i < pixels.size(); ++i)
        pixels[i] = static_cast<unsigned char>((i * 11) & 0xFF);
    writeJpeg(dir / "seed.jpg", 24, 16, 3, pixels);
    std::mt19937 rng(15);
    int decoded = 0;
    int refused = 0;
    for (const char* name : { "seed.png", "seed.jpg" }) {
        const std::string original = readBytes(dir / name);
        for (int round = 0; round < 150; ++round) {
            std::string bytes = original;
            const int flips = static_cast<int>(rng() % 4);
            for (int f = 0; f < flips; ++f)
                bytes[rng() % bytes.size()] ^= static_cast<char>(1 + rng() % 255);
            if (rng() % 2)
                bytes.resize(rng() % bytes.size());
            const fs::path mutated = dir / (std::string("mutated_") + name);
            writeBytes(mutated, bytes);
            auto image = decodeImageFile(mutated);
            if (image.isOk()) {
                ++decoded;
                EXPECT_EQ(image->pixels.size(), static_cast<size_t>(image->width * image->height * 3));
            } else {
                ++refused;
                EXPECT_NE(image.status().message().find(mutated.string()), std::string::npos);
            }
        }
    }
    EXPECT_EQ(decoded + refused, 300);
    EXPECT_GT(refused, 100); // most mutations break a CRC, a marker or the length
}

TEST(ImageFileName, RecognizesPngAndJpegExtensions)
{
    EXPECT_TRUE(isImageFileName("a/b.png"));
    EXPECT_TRUE(isImageFileName("B.JPG"));
    EXPECT_TRUE(isImageFileName("c.Jpeg"));
    EXPECT_FALSE(isImageFileName("d.pb"));
    EXPECT_FALSE(isImageFileName("png"));
}
