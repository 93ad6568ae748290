// SPDX-License-Identifier: MIT
// Run files: RunRecord as versioned JSON (documented in engine/RUN_FILE_FORMAT.md).
#pragma once

#include <quantscope/engine/atomic_file.h>
#include <quantscope/engine/run_record.h>
#include <quantscope/engine/status.h>

#include <filesystem>
#include <string>
#include <string_view>

namespace qs {

inline constexpr std::string_view kRunFileSchema = "quantscope-run";
inline constexpr int kRunFileMajorVersion = 1;
/// 1.1: findings carry args and evidenceLines; 1.2: models[].network, config.runtimes, scenarios[].runtimeInfo, node
/// implementations; 1.3: models[].targets (deployment targets); 1.4: activation reorders, targets' fileFormat; 1.5:
/// warnings (what the run went on without)
inline constexpr int kRunFileMinorVersion = 5;

/// The JSON text of a run (pretty-printed, stable key order).
std::string runRecordToJson(const RunRecord& record);
/// Parses run JSON. Rejects other schemas, unknown major versions (newer minors are read, unknown keys ignored),
/// malformed or truncated JSON and wrongly typed fields; messages start with `displayName`.
Result<RunRecord> runRecordFromJson(std::string_view json, std::string_view displayName);

/// Writes atomically: a temporary file in the same folder, flushed to disk, then renamed over `path`, so readers
/// never see a half-written file and an old file survives a failed write.
Status writeRunFile(const std::filesystem::path& path, const RunRecord& record);
Result<RunRecord> readRunFile(const std::filesystem::path& path);

/// `quantscope-cli sysinfo --json`: the machine object of the run file schema.
std::string systemInfoToJson(const SystemInfo& info);

} // namespace qs
