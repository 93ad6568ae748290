// SPDX-License-Identifier: MIT
// Image inputs: the preprocessing settled from the model's input shape and the caller's choices, the tensor made from
// one decoded image, and which files of a folder are images.
#include <quantscope/engine/image_samples.h>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>

namespace qs {
namespace fs = std::filesystem;

namespace {

std::string lower(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
    return out;
}

std::string joinValues(const std::vector<double>& values)
{
    std::string out;
    for (size_t i = 0; i < values.size(); ++i)
        out += fmt::format("{}{}", i ? "," : "", values[i]);
    return out;
}

bool allEqual(const std::vector<double>& values, double x)
{
    return std::all_of(values.begin(), values.end(), [x](double v) { return v == x; });
}

// "x/255" when the scale is the reciprocal of a whole number, else "x*0.5".
std::string scaledX(double scale)
{
    if (scale == 1.0)
        return "x";
    const double inverse = 1.0 / scale;
    if (std::abs(inverse - std::round(inverse)) < 1e-6 * inverse)
        return fmt::format("x/{}", std::round(inverse));
    return fmt::format("x*{}", scale);
}

// "x/255", "(x/255 - mean) / std, mean 0.485,0.456,0.406, std 0.229,0.224,0.225", "x (0-255, rounded)" for uint8.
std::string imageNormalizationText(const ImageInputPlan& plan)
{
    std::string formula;
    if (plan.type == DataType::UInt8)
        formula = "x (0-255, rounded)";
    else {
        const bool noMean = allEqual(plan.mean, 0.0);
        const bool noStd = allEqual(plan.std, 1.0);
        const std::string x = scaledX(plan.scale);
        if (noMean && noStd)
            formula = x;
        else if (noStd)
            formula = fmt::format("{} - mean, mean {}", x, joinValues(plan.mean));
        else if (noMean)
            formula = fmt::format("{} / std, std {}", x, joinValues(plan.std));
        else
            formula = fmt::format("({} - mean) / std, mean {}, std {}", x, joinValues(plan.mean), joinValues(plan.std));
    }
    return formula;
}

} // namespace

std::optional<ImageResize> parseImageResize(std::string_view word)
{
    const std::string w = lower(word);
    if (w == "stretch")
        return ImageResize::Stretch;
    if (w == "center-crop")
        return ImageResize::CenterCrop;
    return std::nullopt;
}

std::optional<ImageLayout> parseImageLayout(std::string_view word)
{
    const std::string w = lower(word);
    if (w == "nchw")
        return ImageLayout::Nchw;
    if (w == "nhwc")
        return ImageLayout::Nhwc;
    return std::nullopt;
}

std::optional<ImageChannels> parseImageChannels(std::string_view word)
{
    const std::string w = lower(word);
    if (w == "rgb")
        return ImageChannels::Rgb;
    if (w == "bgr")
        return ImageChannels::Bgr;
    if (w == "gray" || w == "grey")
        return ImageChannels::Gray;
    return std::nullopt;
}

const char* imageResizeName(ImageResize resize) noexcept
{
    return resize == ImageResize::CenterCrop ? "center-crop" : "stretch";
}

const char* imageLayoutName(ImageLayout layout) noexcept
{
    return layout == ImageLayout::Nhwc ? "NHWC" : "NCHW";
}

const char* imageChannelsName(ImageChannels channels) noexcept
{
    return channels == ImageChannels::Bgr ? "BGR" : channels == ImageChannels::Gray ? "gray" : "RGB";
}

Result<ImageInputPlan> planImageInput(
    const Model& model, const ImagePreprocess& asked, const std::map<std::string, std::vector<int64_t>>& inputShapes)
{
    const Graph& g = model.graph();
    auto refuse = [&](const std::string& why) {
        return Status(StatusCode::InvalidArgument, fmt::format("{}: {}", model.displayName(), why));
    };
    if (g.inputs().size() != 1)
        return refuse(
            fmt::format("a folder of images feeds a model with one input; this one has {}", g.inputs().size()));
    const Value& input = g.value(g.inputs().front());
    ImageInputPlan plan;
    plan.inputName = input.name;
    plan.type = input.type.elementType;
    if (plan.type != DataType::Float && plan.type != DataType::UInt8)
        return refuse(
            fmt::format("input '{}' takes {}; images feed float or uint8 inputs", input.name, dataTypeName(plan.type)));
    // The shape, -1 where free: the bound one when given, else the declared one.
    std::vector<int64_t> dims;
    if (auto it = inputShapes.find(input.name); it != inputShapes.end())
        dims = it->second;
    else if (input.type.hasShape)
        for (const Dim& d : input.type.dims)
            dims.push_back(d.value);
    else
        dims = { -1, -1, -1, -1 };
    const std::string shape = input.type.hasShape ? input.type.shapeString() : formatDims(dims);
    if (dims.size() != 4)
        return refuse(
            fmt::format("input '{}' has shape {}; images feed 4-D inputs ([N,C,H,W] or [N,H,W,C])", input.name, shape));
    if (dims[0] > 1)
        return refuse(fmt::format("input '{}' takes batches of {} ({}); an image folder gives one image a sample "
                                  "(bind a batch of 1 with --input-shape if the model allows it)",
            input.name, dims[0], shape));

    auto isChannelCount = [](int64_t d) { return d == 1 || d == 3; };
    if (asked.layout)
        plan.layout = *asked.layout;
    else if (isChannelCount(dims[1]) && !isChannelCount(dims[3]))
        plan.layout = ImageLayout::Nchw;
    else if (isChannelCount(dims[3]) && !isChannelCount(dims[1]))
        plan.layout = ImageLayout::Nhwc;
    else if (isChannelCount(dims[1]))
        return refuse(fmt::format("input '{}' has shape {}: its channels could be dimension 1 or 3; give the layout "
                                  "(--image-layout nchw or nhwc)",
            input.name, shape));
    else
        return refuse(fmt::format("input '{}' has shape {}: neither dimension 1 nor 3 is a channel count (1 or 3); "
                                  "give the layout (--image-layout nchw or nhwc) if it is an image input",
            input.name, shape));
    const bool nchw = plan.layout == ImageLayout::Nchw;
    const int64_t c = nchw ? dims[1] : dims[3];
    const int64_t h = nchw ? dims[2] : dims[1];
    const int64_t w = nchw ? dims[3] : dims[2];

    if (c >= 0 && !isChannelCount(c))
        return refuse(fmt::format("input '{}' has shape {}, {} channels in {} layout; images give 1 (gray) or 3",
            input.name, shape, c, imageLayoutName(plan.layout)));
    if (asked.channels)
        plan.channels = *asked.channels;
    else
        plan.channels = c == 1 ? ImageChannels::Gray : ImageChannels::Rgb;
    plan.channelCount = plan.channels == ImageChannels::Gray ? 1 : 3;
    if (c >= 0 && c != plan.channelCount)
        return refuse(fmt::format("input '{}' has {} channels ({}), but {} gives {}", input.name, c, shape,
            imageChannelsName(plan.channels), plan.channelCount));

    if ((asked.width > 0) != (asked.height > 0) || asked.width < 0 || asked.height < 0)
        return refuse("the image size needs both a width and a height");
    plan.width = asked.width > 0 ? asked.width : w;
    plan.height = asked.height > 0 ? asked.height : h;
    if (plan.width <= 0 || plan.height <= 0)
        return refuse(fmt::format("input '{}' has shape {}: its height and width are free; give the image size "
                                  "(--image-size WIDTHxHEIGHT)",
            input.name, shape));
    if ((w >= 0 && w != plan.width) || (h >= 0 && h != plan.height))
        return refuse(fmt::format("input '{}' has shape {} ({}x{} in {}), not the image size {}x{} asked for",
            input.name, shape, w, h, imageLayoutName(plan.layout), plan.width, plan.height));
    plan.resize = asked.resize;
    plan.dims = nchw ? std::vector<int64_t> { 1, plan.channelCount, plan.height, plan.width }
                     : std::vector<int64_t> { 1, plan.height, plan.width, plan.channelCount };

    // Normalization: float inputs only.
    if (plan.type == DataType::UInt8) {
        if (asked.scale || !asked.mean.empty() || !asked.std.empty())
            return refuse(fmt::format("input '{}' takes uint8: the resized 0-255 samples as they are; scale, mean and "
                                      "std apply to float inputs",
                input.name));
        plan.scale = 1.0;
        plan.mean.assign(static_cast<size_t>(plan.channelCount), 0.0);
        plan.std.assign(static_cast<size_t>(plan.channelCount), 1.0);
        return plan;
    }
    plan.scale = asked.scale.value_or(1.0 / 255.0);
    if (!(plan.scale > 0) || !std::isfinite(plan.scale))
        return refuse(fmt::format("the image scale must be a positive number, not {}", plan.scale));
    auto perChannel
        = [&](const std::vector<double>& given, double fallback, const char* what, std::vector<double>& out) -> Status {
        if (given.empty())
            out.assign(static_cast<size_t>(plan.channelCount), fallback);
        else if (given.size() == 1)
            out.assign(static_cast<size_t>(plan.channelCount), given[0]);
        else if (given.size() == static_cast<size_t>(plan.channelCount))
            out = given;
        else
            return refuse(fmt::format("{} values given ({}) for {} channels ({}); give 1 or {}", given.size(), what,
                plan.channelCount, imageChannelsName(plan.channels), plan.channelCount));
        for (double v : out)
            if (!std::isfinite(v))
                return refuse(fmt::format("{} value {} is not a number", what, v));
        return {};
    };
    if (Status st = perChannel(asked.mean, 0.0, "mean", plan.mean); !st)
        return st;
    if (Status st = perChannel(asked.std, 1.0, "std", plan.std); !st)
        return st;
    for (double s : plan.std)
        if (s == 0)
            return refuse("a std of 0 would divide by zero");
    return plan;
}

std::string describeImagePlan(const ImageInputPlan& plan)
{
    return fmt::format("resized to {}x{} (bilinear {}), {}, {} {}[{}] = {}", plan.width, plan.height,
        imageResizeName(plan.resize), imageChannelsName(plan.channels), imageLayoutName(plan.layout),
        dataTypeName(plan.type), formatDims(plan.dims), imageNormalizationText(plan));
}

HostTensor preprocessImage(const RgbImage& image, const ImageInputPlan& plan)
{
    const std::vector<float> rgb = resizeImage(image, plan.width, plan.height, plan.resize);
    HostTensor t(plan.type, plan.dims);
    const int64_t pixels = plan.width * plan.height;
    const int64_t channels = plan.channelCount;
    const bool nchw = plan.layout == ImageLayout::Nchw;
    std::array<float, 3> value {};
    for (int64_t p = 0; p < pixels; ++p) {
        const float* in = &rgb[static_cast<size_t>(p * 3)];
        if (plan.channels == ImageChannels::Gray)
            value[0] = 0.299f * in[0] + 0.587f * in[1] + 0.114f * in[2];
        else if (plan.channels == ImageChannels::Bgr)
            value = { in[2], in[1], in[0] };
        else
            value = { in[0], in[1], in[2] };
        for (int64_t c = 0; c < channels; ++c) {
            const int64_t index = nchw ? c * pixels + p : p * channels + c;
            const size_t k = static_cast<size_t>(c);
            if (plan.type == DataType::UInt8)
                t.data<uint8_t>()[static_cast<size_t>(index)]
                    = static_cast<uint8_t>(std::clamp(std::lround(value[k]), 0L, 255L));
            else
                t.data<float>()[static_cast<size_t>(index)]
                    = static_cast<float>((value[k] * plan.scale - plan.mean[k]) / plan.std[k]);
        }
    }
    return t;
}

Result<std::vector<fs::path>> listImageFiles(const fs::path& dir)
{
    std::vector<fs::path> images;
    std::vector<fs::path> others;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
        const fs::path& p = e.path();
        std::error_code entryError; // an entry that cannot be read is not a folder; the listing goes on
        if (e.is_directory(entryError)) {
            if (p.filename().string().rfind("test_data_set_", 0) == 0)
                others.push_back(p);
        } else if (isImageFileName(p))
            images.push_back(p);
        else if (p.extension() == ".pb" || p.extension() == ".npy")
            others.push_back(p);
    }
    if (ec)
        return Status(StatusCode::IoError, fmt::format("{}: cannot list: {}", dir.string(), ec.message()));
    std::sort(images.begin(), images.end());
    std::sort(others.begin(), others.end());
    if (!images.empty() && !others.empty())
        return Status(StatusCode::InvalidArgument,
            fmt::format("{}: holds both images ({}, ...) and tensor data ({}, ...); which to read would be a guess: "
                        "keep one kind in the folder",
                dir.string(), images.front().filename().string(), others.front().filename().string()));
    return images;
}

} // namespace qs
