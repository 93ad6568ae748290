// SPDX-License-Identifier: MIT
// Writing a file so that readers never see half of it and a failed write leaves the previous file as it was.
#pragma once

#include <quantscope/engine/status.h>

#include <filesystem>
#include <string_view>

namespace qs {

/// Writes `content` to a temporary file in the same folder, flushes it to disk, then renames it over `path`. On any
/// failure (folder missing, disk full, file size limit) the temporary file is removed, `path` keeps its previous
/// content, and the status names `path` and the system's reason. Run files, reports and written models use it.
Status writeFileAtomically(const std::filesystem::path& path, std::string_view content);

} // namespace qs
