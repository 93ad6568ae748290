// SPDX-License-Identifier: MIT
#include "image_options.h"

#include <fmt/format.h>

#include <charconv>
#include <string>

namespace qs::cli {

const std::string_view kImageOptionsHelp
    = "Images (a folder of .png/.jpg files: one sample per image, in name order; unset options follow the model's\n"
      "input shape [N,C,H,W] or [N,H,W,C], and the output states what was used):\n"
      "  --image-size WxH            width and height to resize to (default: the input's)\n"
      "  --image-resize stretch|center-crop\n"
      "                              stretch: the whole image to WxH; center-crop: keep the aspect ratio,\n"
      "                              scale until WxH is covered, keep the centre (default stretch). Bilinear,\n"
      "                              averaging every source pixel when shrinking (PIL's BILINEAR filter)\n"
      "  --image-scale S             multiply the 0-255 samples by S: 1/255 or a number (default 1/255)\n"
      "  --image-mean M[,M,M]        subtract after scaling: one value or one per channel (default 0)\n"
      "  --image-std S[,S,S]         then divide: one value or one per channel (default 1); ImageNet:\n"
      "                              --image-mean 0.485,0.456,0.406 --image-std 0.229,0.224,0.225\n"
      "  --image-layout nchw|nhwc    (default: where the input's 1 or 3 channels are)\n"
      "  --image-channels rgb|bgr|gray\n"
      "                              channel order; gray is 0.299R+0.587G+0.114B (default rgb; gray for a\n"
      "                              1-channel input)\n"
      "A uint8 input takes the resized samples rounded to 0-255 (no scale, mean or std).\n";

namespace {

bool parseNumber(std::string_view s, double& out)
{
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && p == s.data() + s.size();
}

bool parseList(std::string_view s, std::vector<double>& out)
{
    out.clear();
    while (true) {
        const size_t comma = s.find(',');
        double v = 0;
        if (!parseNumber(s.substr(0, comma), v))
            return false;
        out.push_back(v);
        if (comma == std::string_view::npos)
            return true;
        s.remove_prefix(comma + 1);
    }
}

bool parsePositive(std::string_view s, int64_t& out)
{
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && p == s.data() + s.size() && out > 0;
}

} // namespace

std::optional<Status> parseImageOption(std::span<char* const> args, size_t& i, ImagePreprocess& out)
{
    const std::string_view a = args[i];
    if (a.rfind("--image-", 0) != 0)
        return std::nullopt;
    const std::string_view v = i + 1 < args.size() ? std::string_view(args[++i]) : std::string_view();
    auto bad
        = [&](const char* takes) { return Status(StatusCode::InvalidArgument, fmt::format("{} takes {}", a, takes)); };
    if (a == "--image-size") {
        const size_t x = v.find('x');
        if (x == std::string_view::npos || !parsePositive(v.substr(0, x), out.width)
            || !parsePositive(v.substr(x + 1), out.height))
            return bad("WIDTHxHEIGHT, e.g. 224x224");
    } else if (a == "--image-resize") {
        auto r = parseImageResize(v);
        if (!r)
            return bad("stretch or center-crop");
        out.resize = *r;
    } else if (a == "--image-scale") {
        double s = 0;
        if (v.rfind("1/", 0) == 0 && parseNumber(v.substr(2), s) && s > 0)
            out.scale = 1.0 / s;
        else if (parseNumber(v, s) && s > 0)
            out.scale = s;
        else
            return bad("a positive number or 1/N, e.g. 1/255");
    } else if (a == "--image-mean") {
        if (!parseList(v, out.mean))
            return bad("one number or one per channel, separated by commas (e.g. 0.485,0.456,0.406)");
    } else if (a == "--image-std") {
        if (!parseList(v, out.std))
            return bad("one number or one per channel, separated by commas (e.g. 0.229,0.224,0.225)");
    } else if (a == "--image-layout") {
        out.layout = parseImageLayout(v);
        if (!out.layout)
            return bad("nchw or nhwc");
    } else if (a == "--image-channels") {
        out.channels = parseImageChannels(v);
        if (!out.channels)
            return bad("rgb, bgr or gray");
    } else {
        --i;
        return Status(StatusCode::InvalidArgument,
            fmt::format("unknown option '{}' (image options: --image-size, --image-resize, --image-scale, "
                        "--image-mean, --image-std, --image-layout, --image-channels)",
                a));
    }
    return Status();
}

} // namespace qs::cli
