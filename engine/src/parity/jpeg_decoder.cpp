// SPDX-License-Identifier: MIT
// JPEG to RGB8 with libjpeg-turbo (out_color_space = JCS_RGB). libjpeg's default error_exit calls exit(): ours
// longjmps back instead, from two small functions that create no C++ object after their setjmp. Warnings (corrupt
// data, a premature end of the file) are errors too: libjpeg would fill the missing part with gray and carry on.
#include "image_decoders.h"

#include <quantscope/engine/resource_limits.h>

#include <fmt/format.h>

#include <csetjmp>
#include <cstdio> // jpeglib.h needs FILE and size_t declared first
#include <jpeglib.h>

namespace qs {
namespace {

struct JpegErrors
{
    jpeg_error_mgr manager; // first: libjpeg's cinfo->err points here
    std::jmp_buf jump;
    char message[JMSG_LENGTH_MAX] = {};
};

[[noreturn]] void jpegErrorExit(j_common_ptr cinfo)
{
    auto* errors = reinterpret_cast<JpegErrors*>(cinfo->err);
    (*cinfo->err->format_message)(cinfo, errors->message);
    std::longjmp(errors->jump, 1);
}

void jpegMessage(j_common_ptr cinfo, int level)
{
    if (level < 0) // a warning: the data is corrupt
        jpegErrorExit(cinfo);
}

// jpeg_create_decompress fails only when out of memory.
bool create(jpeg_decompress_struct* cinfo, JpegErrors* errors)
{
    if (setjmp(errors->jump))
        return false;
    jpeg_create_decompress(cinfo);
    return true;
}

enum class Header
{
    Rgb,
    Cmyk,
    Failed,
};

Header readHeader(jpeg_decompress_struct* cinfo, JpegErrors* errors, const unsigned char* data, size_t size)
{
    if (setjmp(errors->jump))
        return Header::Failed;
    jpeg_mem_src(cinfo, data, static_cast<unsigned long>(size));
    jpeg_read_header(cinfo, TRUE);
    if (cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK)
        return Header::Cmyk;
    cinfo->out_color_space = JCS_RGB;
    jpeg_start_decompress(cinfo);
    return Header::Rgb;
}

bool readRows(jpeg_decompress_struct* cinfo, JpegErrors* errors, unsigned char* pixels)
{
    if (setjmp(errors->jump))
        return false;
    const size_t stride = static_cast<size_t>(cinfo->output_width) * 3;
    while (cinfo->output_scanline < cinfo->output_height) {
        JSAMPROW row = pixels + cinfo->output_scanline * stride;
        jpeg_read_scanlines(cinfo, &row, 1);
    }
    jpeg_finish_decompress(cinfo);
    return true;
}

} // namespace

bool hasJpegSignature(std::span<const unsigned char> data) noexcept
{
    return data.size() >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF;
}

Result<RgbImage> decodeJpeg(std::span<const unsigned char> data, const std::string& name)
{
    jpeg_decompress_struct cinfo {};
    JpegErrors errors {};
    cinfo.err = jpeg_std_error(&errors.manager);
    errors.manager.error_exit = jpegErrorExit;
    errors.manager.emit_message = jpegMessage;
    if (!create(&cinfo, &errors))
        return Status(StatusCode::OutOfMemory, fmt::format("{}: libjpeg could not start: {}", name, errors.message));
    auto fail = [&](StatusCode code, const std::string& why) {
        jpeg_destroy_decompress(&cinfo);
        return Status(code, fmt::format("{}: not a readable JPEG file: {}", name, why));
    };
    switch (readHeader(&cinfo, &errors, data.data(), data.size())) {
    case Header::Failed:
        return fail(StatusCode::InvalidArgument, errors.message);
    case Header::Cmyk:
        return fail(StatusCode::Unsupported, "CMYK colour (convert it to RGB first)");
    case Header::Rgb:
        break;
    }
    const int64_t bytes = static_cast<int64_t>(cinfo.output_width) * cinfo.output_height * 3;
    if (Status st
        = checkByteAllocation(bytes, fmt::format("{} ({}x{} pixels)", name, cinfo.output_width, cinfo.output_height));
        !st.isOk())
        return fail(st.code(), st.message());
    if (cinfo.output_components != 3)
        return fail(StatusCode::Internal, fmt::format("libjpeg gave {} components for RGB", cinfo.output_components));

    RgbImage image;
    image.width = cinfo.output_width;
    image.height = cinfo.output_height;
    image.pixels.resize(static_cast<size_t>(bytes));
    if (!readRows(&cinfo, &errors, image.pixels.data()))
        return fail(StatusCode::InvalidArgument, errors.message);
    jpeg_destroy_decompress(&cinfo);
    return image;
}

} // namespace qs
