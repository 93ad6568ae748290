// SPDX-License-Identifier: MIT
// PNG to RGB8 with libpng's read transforms. libpng reports errors by longjmp, so the calls that can fail run in two
// small functions that create no C++ object after their setjmp (a longjmp then skips no destructor); allocation
// happens between them.
#include "image_decoders.h"

#include <quantscope/engine/resource_limits.h>

#include <fmt/format.h>

#include <cstdio>
#include <cstring>
#include <png.h>

namespace qs {
namespace {

struct PngSource
{
    const unsigned char* data = nullptr;
    size_t size = 0;
    size_t offset = 0;
    char message[256] = {};
};

void pngError(png_structp png, png_const_charp message)
{
    auto* source = static_cast<PngSource*>(png_get_error_ptr(png));
    std::snprintf(source->message, sizeof source->message, "%s", message);
    png_longjmp(png, 1);
}

// Warnings are about ancillary chunks (a bad iCCP profile, an unknown chunk's CRC); the pixels are unaffected.
void pngWarning(png_structp, png_const_charp) { }

void pngRead(png_structp png, png_bytep out, size_t count)
{
    auto* source = static_cast<PngSource*>(png_get_io_ptr(png));
    if (source->size - source->offset < count)
        png_error(png, "the file ends early (truncated)");
    std::memcpy(out, source->data + source->offset, count);
    source->offset += count;
}

// Header and transforms: every PNG colour type and depth becomes 8-bit RGB. False on error (message in source).
bool readHeader(png_structp png, png_infop info, png_uint_32* width, png_uint_32* height, size_t* rowBytes)
{
    if (setjmp(png_jmpbuf(png)))
        return false;
    png_read_info(png, info);
    png_set_expand(png); // palette to RGB, gray of 1, 2, 4 bits to 8, tRNS to alpha
    png_set_scale_16(png); // 16 to 8 bits rounded (v·255/65535), not truncated to the high byte
    png_set_strip_alpha(png);
    png_set_gray_to_rgb(png);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    *width = png_get_image_width(png, info);
    *height = png_get_image_height(png, info);
    *rowBytes = png_get_rowbytes(png, info);
    if (png_get_channels(png, info) != 3 || png_get_bit_depth(png, info) != 8)
        png_error(png, "libpng's transforms did not give 8-bit RGB");
    return true;
}

bool readRows(png_structp png, png_infop info, png_bytepp rows)
{
    if (setjmp(png_jmpbuf(png)))
        return false;
    png_read_image(png, rows);
    png_read_end(png, nullptr); // up to IEND: a file cut after its pixel data is refused too
    return true;
}

} // namespace

bool hasPngSignature(std::span<const unsigned char> data) noexcept
{
    return data.size() >= 8 && png_sig_cmp(data.data(), 0, 8) == 0;
}

Result<RgbImage> decodePng(std::span<const unsigned char> data, const std::string& name)
{
    PngSource source { data.data(), data.size(), 0, {} };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &source, pngError, pngWarning);
    png_infop info = png ? png_create_info_struct(png) : nullptr;
    if (!info) {
        png_destroy_read_struct(&png, nullptr, nullptr);
        return Status(StatusCode::OutOfMemory, fmt::format("{}: libpng could not start", name));
    }
    png_set_read_fn(png, &source, pngRead);
    auto fail = [&](StatusCode code, const std::string& why) {
        png_destroy_read_struct(&png, &info, nullptr);
        return Status(code, fmt::format("{}: not a readable PNG file: {}", name, why));
    };
    png_uint_32 width = 0;
    png_uint_32 height = 0;
    size_t rowBytes = 0;
    if (!readHeader(png, info, &width, &height, &rowBytes))
        return fail(StatusCode::InvalidArgument, source.message);
    const int64_t bytes = static_cast<int64_t>(width) * height * 3;
    if (Status st = checkByteAllocation(bytes, fmt::format("{} ({}x{} pixels)", name, width, height)); !st.isOk())
        return fail(st.code(), st.message());
    if (rowBytes != static_cast<size_t>(width) * 3)
        return fail(StatusCode::Internal, fmt::format("{} bytes per row for {} RGB pixels", rowBytes, width));

    RgbImage image;
    image.width = width;
    image.height = height;
    image.pixels.resize(static_cast<size_t>(bytes));
    std::vector<png_bytep> rows(height);
    for (png_uint_32 y = 0; y < height; ++y)
        rows[y] = image.pixels.data() + static_cast<size_t>(y) * rowBytes;
    if (!readRows(png, info, rows.data()))
        return fail(StatusCode::InvalidArgument, source.message);
    png_destroy_read_struct(&png, &info, nullptr);
    return image;
}

} // namespace qs
