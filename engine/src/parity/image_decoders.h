// SPDX-License-Identifier: MIT
// The two decoders behind decodeImageFile (image_file.cpp), each over the whole file in memory.
#pragma once

#include <quantscope/engine/image_file.h>

#include <span>
#include <string>

namespace qs {

/// PNG signature check (the first 8 bytes).
bool hasPngSignature(std::span<const unsigned char> data) noexcept;
/// JPEG start of image (FF D8 FF).
bool hasJpegSignature(std::span<const unsigned char> data) noexcept;

/// Each fails with InvalidArgument "<name>: <why>" (the library's message) for a corrupt or truncated file.
Result<RgbImage> decodePng(std::span<const unsigned char> data, const std::string& name);
Result<RgbImage> decodeJpeg(std::span<const unsigned char> data, const std::string& name);

} // namespace qs
