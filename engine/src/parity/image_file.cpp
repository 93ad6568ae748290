// SPDX-License-Identifier: MIT
// decodeImageFile: reads the file and hands it to the PNG or JPEG decoder its signature names.
#include "image_decoders.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iterator>

namespace qs {
namespace fs = std::filesystem;

bool isImageFileName(const fs::path& path)
{
    std::string ext = path.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
    return ext == ".png" || ext == ".jpg" || ext == ".jpeg";
}

Result<RgbImage> decodeImageFile(const fs::path& path)
{
    const std::string name = path.string();
    std::error_code ec;
    if (!fs::is_regular_file(path, ec))
        return Status(StatusCode::NotFound, fmt::format("{}: no such image file", name));
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Status(StatusCode::IoError, fmt::format("{}: cannot open", name));
    const std::vector<unsigned char> data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad())
        return Status(StatusCode::IoError, fmt::format("{}: read error", name));
    if (hasPngSignature(data))
        return decodePng(data, name);
    if (hasJpegSignature(data))
        return decodeJpeg(data, name);
    return Status(StatusCode::InvalidArgument,
        fmt::format(
            "{}: not a PNG or JPEG file (no PNG signature or JPEG start-of-image marker in its first bytes)", name));
}

} // namespace qs
