// SPDX-License-Identifier: MIT
// Decoding PNG and JPEG files (calibration and parity inputs) into 8-bit RGB pixels, with Debian's libpng and
// libjpeg-turbo. Qt-free: the CLI uses it.
//
//   auto image = qs::decodeImageFile("calib/cat.jpg");  // Result<RgbImage>
//   image->at(y, x)[0];                                  // red of the pixel in row y, column x
#pragma once

#include <quantscope/engine/status.h>

#include <cstdint>
#include <filesystem>
#include <vector>

namespace qs {

/// An 8-bit RGB image, rows top to bottom, pixels left to right, R G B interleaved (what the file holds, before any
/// resize or normalization).
struct RgbImage
{
    int64_t width = 0;
    int64_t height = 0;
    std::vector<uint8_t> pixels; ///< height · width · 3 bytes

    const uint8_t* at(int64_t y, int64_t x) const { return pixels.data() + (y * width + x) * 3; }
};

/// True for names ending in .png, .jpg or .jpeg (any case): the files an image folder is made of.
bool isImageFileName(const std::filesystem::path& path);

/// Decodes a PNG or JPEG file (recognized by its signature, not its name):
///  - PNG: gray, gray+alpha, RGB, RGBA and palette images of any bit depth; palettes and gray below 8 bits are
///    expanded, 16-bit samples are scaled to 8 bits with rounding (v·255/65535), gray is replicated to R=G=B and
///    alpha is dropped (the colour as stored, as PIL's convert("RGB") does); interlaced files are read whole;
///  - JPEG: baseline and progressive, gray or YCbCr, converted to RGB by libjpeg; CMYK files are refused.
/// A missing file is NotFound; an unreadable, truncated or corrupt one (including one libjpeg would only warn about,
/// such as a premature end of data) is InvalidArgument with a message naming the file and the library's complaint.
Result<RgbImage> decodeImageFile(const std::filesystem::path& path);

} // namespace qs
