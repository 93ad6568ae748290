// SPDX-License-Identifier: MIT
// Test-only PNG and JPEG writers with libpng and libjpeg: the machines have no image data, so image tests make their
// own. Tests that include this link PkgConfig::PNG and PkgConfig::JPEG.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <jpeglib.h>
#include <png.h>
#include <vector>

namespace qs::test {

namespace fs = std::filesystem;

struct PngSpec
{
    int width = 0;
    int height = 0;
    int colorType = PNG_COLOR_TYPE_RGB;
    int bitDepth = 8;
    std::vector<std::vector<unsigned char>> rows; ///< packed as the file stores them (big-endian 16-bit)
    std::vector<png_color> palette;
    std::vector<unsigned char> paletteAlpha; ///< tRNS for palette images
    bool interlaced = false;
};

// The writer uses libpng's default error handling (abort): a test input that libpng cannot write is a test bug.
inline void writePng(const fs::path& path, const PngSpec& spec)
{
    FILE* f = std::fopen(path.c_str(), "wb");
    ASSERT_NE(f, nullptr);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
    png_infop info = png_create_info_struct(png);
    png_init_io(png, f);
    png_set_IHDR(png, info, spec.width, spec.height, spec.bitDepth, spec.colorType,
        spec.interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
        PNG_FILTER_TYPE_DEFAULT);
    if (!spec.palette.empty())
        png_set_PLTE(png, info, spec.palette.data(), static_cast<int>(spec.palette.size()));
    if (!spec.paletteAlpha.empty())
        png_set_tRNS(png, info, spec.paletteAlpha.data(), static_cast<int>(spec.paletteAlpha.size()), nullptr);
    png_write_info(png, info);
    std::vector<png_bytep> rows;
    for (const auto& r : spec.rows)
        rows.push_back(const_cast<png_bytep>(r.data()));
    png_write_image(png, rows.data());
    png_write_end(png, nullptr);
    png_destroy_write_struct(&png, &info);
    std::fclose(f);
}

// Baseline JPEG at quality 100 without chroma subsampling, so uniform 8x8 blocks decode within a few levels.
inline void writeJpeg(
    const fs::path& path, int width, int height, int components, const std::vector<unsigned char>& pixels)
{
    FILE* f = std::fopen(path.c_str(), "wb");
    ASSERT_NE(f, nullptr);
    jpeg_compress_struct cinfo {};
    jpeg_error_mgr err {};
    cinfo.err = jpeg_std_error(&err);
    jpeg_create_compress(&cinfo);
    jpeg_stdio_dest(&cinfo, f);
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = components;
    cinfo.in_color_space = components == 3 ? JCS_RGB : JCS_GRAYSCALE;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, 100, TRUE);
    for (int c = 0; c < cinfo.num_components; ++c)
        cinfo.comp_info[c].h_samp_factor = cinfo.comp_info[c].v_samp_factor = 1;
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = const_cast<JSAMPROW>(pixels.data() + cinfo.next_scanline * width * components);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    std::fclose(f);
}

/// An 8-bit RGB PNG of one colour.
inline void writeSolidPng(
    const fs::path& path, int width, int height, unsigned char r, unsigned char g, unsigned char b)
{
    PngSpec spec { width, height, PNG_COLOR_TYPE_RGB, 8, {} };
    for (int y = 0; y < height; ++y) {
        spec.rows.emplace_back();
        for (int x = 0; x < width; ++x)
            spec.rows.back().insert(spec.rows.back().end(), { r, g, b });
    }
    writePng(path, spec);
}

} // namespace qs::test
