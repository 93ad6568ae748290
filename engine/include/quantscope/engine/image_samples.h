// SPDX-License-Identifier: MIT
// Images as model inputs (calibration data, parity inputs): the preprocessing that turns a PNG or JPEG file into the
// tensor a vision model's input takes, stated field by field. Whatever the caller leaves unset comes from the
// model's input shape ([N, C, H, W] or [N, H, W, C]) or from the documented default.
//
//   qs::ImagePreprocess p;  p.mean = {0.485, 0.456, 0.406};  p.std = {0.229, 0.224, 0.225};
//   auto plan = qs::planImageInput(*model, p);          // size, layout, channels settled from the input's shape
//   auto tensor = qs::preprocessImage(*image, *plan);  // HostTensor [1, 3, 224, 224]
//   qs::describeImagePlan(*plan);                      // "resized to 224x224 (bilinear stretch), RGB, NCHW, ..."
#pragma once

#include <quantscope/engine/host_tensor.h>
#include <quantscope/engine/image_file.h>
#include <quantscope/engine/model.h>
#include <quantscope/engine/status.h>

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qs {

/// How the image is brought to the input's height and width.
enum class ImageResize
{
    Stretch, ///< the whole image scaled to W x H (the aspect ratio may change)
    CenterCrop, ///< scaled, keeping its aspect ratio, until it covers W x H (the shorter side fits), centre kept
};
enum class ImageLayout
{
    Nchw,
    Nhwc,
};
enum class ImageChannels
{
    Rgb,
    Bgr, ///< OpenCV-trained models
    Gray, ///< one channel: ITU-R BT.601 luma 0.299 R + 0.587 G + 0.114 B (PIL's convert("L"))
};

std::optional<ImageResize> parseImageResize(std::string_view word); ///< stretch, center-crop
std::optional<ImageLayout> parseImageLayout(std::string_view word); ///< nchw, nhwc (any case)
std::optional<ImageChannels> parseImageChannels(std::string_view word); ///< rgb, bgr, gray
const char* imageResizeName(ImageResize resize) noexcept;
const char* imageLayoutName(ImageLayout layout) noexcept; ///< "NCHW", "NHWC"
const char* imageChannelsName(ImageChannels channels) noexcept; ///< "RGB", "BGR", "gray"

/// The preprocessing asked for; unset fields are derived (planImageInput). For a float input each value becomes
/// (x · scale − mean[c]) / std[c], x being the resized 0-255 sample; a uint8 input takes the resized samples rounded,
/// and scale, mean and std do not apply to it.
struct ImagePreprocess
{
    int64_t width = 0; ///< 0: the input's width
    int64_t height = 0; ///< 0: the input's height
    ImageResize resize = ImageResize::Stretch;
    std::optional<double> scale; ///< default 1/255 (values in [0, 1])
    std::vector<double> mean; ///< one value for every channel, or one per channel; default 0
    std::vector<double> std; ///< the same; default 1
    std::optional<ImageLayout> layout; ///< default: the position of the input's 1 or 3 channels
    std::optional<ImageChannels> channels; ///< default: RGB for 3 channels, gray for 1

    bool operator==(const ImagePreprocess&) const = default;
};

/// The preprocessing settled for the model's input: every field known.
struct ImageInputPlan
{
    std::string inputName;
    DataType type = DataType::Float; ///< Float or UInt8
    std::vector<int64_t> dims; ///< [1, C, H, W] or [1, H, W, C]
    int64_t width = 0;
    int64_t height = 0;
    int64_t channelCount = 3;
    ImageResize resize = ImageResize::Stretch;
    ImageLayout layout = ImageLayout::Nchw;
    ImageChannels channels = ImageChannels::Rgb;
    double scale = 1.0 / 255.0;
    std::vector<double> mean; ///< one per channel
    std::vector<double> std; ///< one per channel
};

/// Settles `asked` against the model's single input (its shape bound by `inputShapes` where given). Fails naming
/// what is missing or contradictory: a model with several inputs, an input that is not 4-D float or uint8, a batch
/// other than 1, a size or layout that neither the shape nor `asked` gives, a size or channel order the shape
/// contradicts, mean/std lists of the wrong length or a zero std.
Result<ImageInputPlan> planImageInput(const Model& model, const ImagePreprocess& asked,
    const std::map<std::string, std::vector<int64_t>>& inputShapes = {});

/// "resized to 224x224 (bilinear stretch), RGB, NCHW float [1,3,224,224] = (x/255 − mean) / std, mean
/// 0.485,0.456,0.406, std 0.229,0.224,0.225".
std::string describeImagePlan(const ImageInputPlan& plan);

/// Resamples `image` to width x height with a bilinear (triangle) filter on pixel centres, widened by the shrink
/// factor when shrinking so that every source pixel contributes (the filter of PIL's Image.resize(BILINEAR)); edge
/// taps are renormalized. CenterCrop samples the centred window of the target's aspect ratio. Returns
/// height · width · 3 floats (R G B interleaved, 0-255, not rounded).
std::vector<float> resizeImage(const RgbImage& image, int64_t width, int64_t height, ImageResize resize);

/// The tensor for `plan` from one decoded image: resize, channel order, normalization, layout.
HostTensor preprocessImage(const RgbImage& image, const ImageInputPlan& plan);

/// The image files (.png, .jpg, .jpeg) of `dir` in name order; empty when it has none. Fails when the folder mixes
/// images with tensor files (.pb, .npy) or test_data_set_* folders: which of them to read would be a guess.
Result<std::vector<std::filesystem::path>> listImageFiles(const std::filesystem::path& dir);

} // namespace qs
