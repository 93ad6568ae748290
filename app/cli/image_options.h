// SPDX-License-Identifier: MIT
// The --image-* options of `quantize` and `parity`: how a folder of PNG/JPEG images becomes input tensors.
#pragma once

#include <quantscope/engine/image_samples.h>
#include <quantscope/engine/status.h>

#include <optional>
#include <span>
#include <string_view>

namespace qs::cli {

/// The options' help lines (indented like the commands' other options).
extern const std::string_view kImageOptionsHelp;

/// When args[i] is an --image-* option, reads it and its value (advancing i) into `out` and returns its Status (an
/// error names the option and what it takes); otherwise nullopt.
std::optional<Status> parseImageOption(std::span<char* const> args, size_t& i, ImagePreprocess& out);

} // namespace qs::cli
