// SPDX-License-Identifier: MIT
// Import of ONNX Runtime's profiling output (SessionOptions enableProfiling) into a ProfileReport.
#pragma once

#include <quantscope/engine/profile_report.h>
#include <quantscope/engine/status.h>

#include <filesystem>
#include <string_view>

namespace qs {

class Model;

struct OrtProfileOptions
{
    /// Leading model_run events to ignore (ONNX Runtime's first run includes one-time work).
    int64_t skipRuns = 0;
};

/// Reads a Chrome-trace JSON array as ONNX Runtime writes it: events with cat "Node" and a name ending in
/// "_kernel_time" carry dur (microseconds), args.op_name and the node name (the event name without the suffix).
/// Kernel events are assigned to the cat "Session" model_run event whose interval holds them; when the file has no
/// model_run events every kernel counts as one run. Node names are matched to `model`'s authored nodes: exactly,
/// after removing the "_token_N" suffix ONNX Runtime gives nodes created by QDQ fusion, or through the output value
/// a rewritten node is named after ("<output>_nchwc" from the NCHWc layout transformer); op types become qualified
/// ("com.microsoft.QLinearAdd") when the match knows the domain, else stay as ONNX Runtime names them.
Result<ProfileReport> importOrtProfile(
    const std::filesystem::path& path, const Model* model, const OrtProfileOptions& options = {});
/// Same from text in memory; `displayName` names the source in messages.
Result<ProfileReport> importOrtProfileFromText(
    std::string_view json, std::string_view displayName, const Model* model, const OrtProfileOptions& options = {});

} // namespace qs
