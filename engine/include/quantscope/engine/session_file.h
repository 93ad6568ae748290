// SPDX-License-Identifier: MIT
// Session files: what a user was comparing (the open models, the run files, the Compare selection, the input shapes
// and the tab shown), saved to reopen later. Versioned JSON (engine/SESSION_FILE_FORMAT.md). A session names files,
// it holds no measurement: the run files stay the record of what was measured.
#pragma once

#include <quantscope/engine/execution_mode.h>
#include <quantscope/engine/run_record.h>
#include <quantscope/engine/status.h>

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qs {

inline constexpr std::string_view kSessionFileSchema = "quantscope-session";
inline constexpr int kSessionFileMajorVersion = 1;
/// 1.1: centralTab (the Compare tab)
inline constexpr int kSessionFileMinorVersion = 1;
/// The file name suffix the GUI saves, opens, remembers and accepts by drag and drop.
inline constexpr std::string_view kSessionFileSuffix = ".qsession";
/// A session names a handful of files; anything larger is not one (and is not read into memory whole).
inline constexpr std::uintmax_t kSessionFileMaxBytes = 4u << 20;

/// A file the session names. Both forms are written: the path relative to the session file's folder finds the file
/// when the session moved together with its files (a copied project folder), the absolute one when the session
/// file alone moved.
struct SessionPath
{
    std::filesystem::path absolute;
    std::string relative; ///< generic form ("runs/a.json", "../models/m.onnx"); empty when none exists
};

/// One side of the Compare view: a run of the session and one of its scenarios. The scenario is found again by what
/// it measured (model, runtime, threads, mode), its index is where it was.
struct SessionCompareSide
{
    int run = 0; ///< index into SavedSession::runs
    int scenario = 0;
    std::string modelId;
    Runtime runtime = Runtime::Quantscope;
    int threads = 1;
    ExecutionMode mode = ExecutionMode::Optimized;
};

enum class SessionTab
{
    Graph,
    Results,
    Compare, ///< since session file 1.1 (key `centralTab`)
};
std::string_view sessionTabName(SessionTab tab) noexcept; ///< "graph", "results", "compare"
std::optional<SessionTab> parseSessionTab(std::string_view name) noexcept;

struct SavedSession
{
    /// Nothing, the open model, or a pair: the float model first, then the quantized one.
    std::vector<SessionPath> models;
    std::vector<SessionPath> runs;
    std::optional<int> selectedRun; ///< index into runs: the run the Results tab shows
    std::array<std::optional<SessionCompareSide>, 2> compare; ///< A (baseline) and B (candidate)
    std::vector<std::string> inputShapes; ///< "NAME=DIMS" as the Runs panel takes them
    SessionTab tab = SessionTab::Graph;
    int graphSide = 0; ///< which model of a pair the graph shows (0 float, 1 quantized)
};

/// The JSON text of a session to be saved as `sessionFile`: each path is written absolute and, where one exists,
/// relative to the folder `sessionFile` will be in (the absolute paths of `session` are used, `relative` ignored).
std::string sessionToJson(const SavedSession& session, const std::filesystem::path& sessionFile);
/// Parses session JSON. Refuses other schemas, unknown major versions (newer minors are read, unknown keys ignored),
/// malformed or truncated JSON, wrongly typed or missing fields, paths that are not absolute (or relative), indices
/// outside the session's runs and unknown words; each message starts with `displayName` and names the field.
Result<SavedSession> sessionFromJson(std::string_view json, std::string_view displayName);

/// Writes atomically (writeFileAtomically): a failed save leaves the previous session file as it was.
Status writeSessionFile(const std::filesystem::path& path, const SavedSession& session);
/// Reads and parses; refuses a file larger than kSessionFileMaxBytes before reading it.
Result<SavedSession> readSessionFile(const std::filesystem::path& path);

/// Where a named file is now: relative to the folder of `sessionFile` when it exists there, else the absolute path
/// when it exists, else nothing (the file is missing).
std::optional<std::filesystem::path> resolveSessionPath(
    const SessionPath& path, const std::filesystem::path& sessionFile);

} // namespace qs
