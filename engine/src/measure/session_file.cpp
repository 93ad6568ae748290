// SPDX-License-Identifier: MIT
#include "json_fields.h"

#include <quantscope/engine/atomic_file.h>
#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/session_file.h>

#include <fmt/format.h>

#include <algorithm>

namespace qs {

using json::array;
using json::field;
using json::FieldError;
using json::get;
using json::Json;

std::string_view sessionTabName(SessionTab tab) noexcept
{
    switch (tab) {
    case SessionTab::Results:
        return "results";
    case SessionTab::Compare:
        return "compare";
    case SessionTab::Graph:
        break;
    }
    return "graph";
}

std::optional<SessionTab> parseSessionTab(std::string_view name) noexcept
{
    if (name == "graph")
        return SessionTab::Graph;
    if (name == "results")
        return SessionTab::Results;
    if (name == "compare")
        return SessionTab::Compare;
    return std::nullopt;
}

namespace {

// A session file lists a few files and two compare sides; a larger list is a hand edit or corruption, refused
// before the GUI starts hundreds of background reads for it.
constexpr size_t kMaxRuns = 1000;

Json toJson(const SessionPath& p, const std::filesystem::path& folder)
{
    const std::filesystem::path absolute = p.absolute.lexically_normal();
    const std::filesystem::path relative = absolute.lexically_relative(folder);
    return { { "path", absolute.generic_string() },
        { "relative", relative.empty() ? Json(nullptr) : Json(relative.generic_string()) } };
}

Json toJson(const std::optional<SessionCompareSide>& side)
{
    if (!side)
        return nullptr;
    return { { "run", side->run }, { "scenario", side->scenario }, { "modelId", side->modelId },
        { "runtime", std::string(runtimeName(side->runtime)) }, { "threads", side->threads },
        { "mode", std::string(executionModeName(side->mode)) } };
}

// ---- reading ----

SessionPath pathFromJson(const Json& j, const std::string& where)
{
    SessionPath p;
    const std::string absolute = get<std::string>(j, "path", where);
    // A NUL would cut the path short where the operating system reads it: another file than the one named.
    if (absolute.empty() || absolute.find('\0') != std::string::npos)
        throw FieldError { fmt::format("{}: field 'path' is empty or holds a NUL character", where) };
    p.absolute = std::filesystem::path(absolute);
    if (!p.absolute.is_absolute())
        throw FieldError { fmt::format("{}: field 'path' is not an absolute path ('{}')", where, absolute) };
    p.absolute = p.absolute.lexically_normal();
    if (auto it = j.find("relative"); it != j.end() && !it->is_null()) {
        p.relative = get<std::string>(j, "relative", where);
        if (p.relative.empty() || p.relative.find('\0') != std::string::npos
            || std::filesystem::path(p.relative).has_root_path())
            throw FieldError { fmt::format("{}: field 'relative' is not a relative path ('{}')", where, p.relative) };
    }
    return p;
}

std::vector<SessionPath> pathsFromJson(const Json& doc, const char* key, size_t limit)
{
    std::vector<SessionPath> out;
    const Json& list = array(doc, key, "session");
    if (list.size() > limit)
        throw FieldError { fmt::format(
            "session: field '{}' lists {} files, at most {} are allowed", key, list.size(), limit) };
    for (const Json& j : list)
        out.push_back(pathFromJson(j, fmt::format("{}[{}]", key, out.size())));
    return out;
}

int runIndex(const Json& obj, const char* key, const std::string& where, size_t runs)
{
    const auto index = get<int64_t>(obj, key, where);
    if (index < 0 || static_cast<size_t>(index) >= runs)
        throw FieldError { fmt::format(
            "{}: field '{}' is {}, not the index of one of the session's {} runs", where, key, index, runs) };
    return static_cast<int>(index);
}

SessionCompareSide sideFromJson(const Json& j, const std::string& where, size_t runs)
{
    SessionCompareSide side;
    side.run = runIndex(j, "run", where, runs);
    const auto scenario = get<int64_t>(j, "scenario", where);
    if (scenario < 0 || scenario > 1000000)
        throw FieldError { fmt::format("{}: field 'scenario' is {}, not a scenario index", where, scenario) };
    side.scenario = static_cast<int>(scenario);
    side.modelId = get<std::string>(j, "modelId", where);
    side.runtime = json::getWord(j, "runtime", where, json::kRuntimes);
    const auto threads = get<int64_t>(j, "threads", where);
    if (threads < 0 || threads > 65536)
        throw FieldError { fmt::format("{}: field 'threads' is {}, not a thread count", where, threads) };
    side.threads = static_cast<int>(threads);
    side.mode = json::getWord(j, "mode", where, json::kModes);
    return side;
}

SavedSession sessionFromDocument(const Json& doc)
{
    SavedSession s;
    s.models = pathsFromJson(doc, "models", 2);
    s.runs = pathsFromJson(doc, "runs", kMaxRuns);
    if (auto it = doc.find("selectedRun"); it != doc.end() && !it->is_null())
        s.selectedRun = runIndex(doc, "selectedRun", "session", s.runs.size());
    const Json& compare = field(doc, "compare", "session");
    const char* sides[2] = { "a", "b" };
    for (int i = 0; i < 2; ++i) {
        const Json& side = field(compare, sides[i], "compare");
        if (!side.is_null())
            s.compare[i] = sideFromJson(side, fmt::format("compare.{}", sides[i]), s.runs.size());
    }
    s.inputShapes = get<std::vector<std::string>>(doc, "inputShapes", "session");
    for (size_t i = 0; i < s.inputShapes.size(); ++i)
        if (auto parsed = parseInputShapeSpec(s.inputShapes[i]); !parsed)
            throw FieldError { fmt::format("inputShapes[{}]: {}", i, parsed.status().message()) };
    // 1.0 readers know only "graph" and "results" in `tab`; the tab itself is `centralTab` since 1.1. A tab a later
    // minor version adds there is not known here: `tab` (what such a version wrote for older readers) stands.
    const auto tab = get<std::string>(doc, "tab", "session");
    const auto parsedTab = parseSessionTab(tab);
    if (!parsedTab || *parsedTab == SessionTab::Compare)
        throw FieldError { fmt::format("session: field 'tab' has an unknown value '{}' (known: graph, results)", tab) };
    s.tab = *parsedTab;
    if (auto it = doc.find("centralTab"); it != doc.end()) {
        if (!it->is_string())
            throw FieldError { "session: field 'centralTab' is not a string" };
        if (const auto central = parseSessionTab(it->get<std::string>()))
            s.tab = *central;
    }
    const auto graphSide = get<int64_t>(doc, "graphSide", "session");
    if (graphSide < 0 || graphSide > 1 || static_cast<size_t>(graphSide) >= std::max<size_t>(1, s.models.size()))
        throw FieldError { fmt::format(
            "session: field 'graphSide' is {}, not one of the session's {} models", graphSide, s.models.size()) };
    s.graphSide = static_cast<int>(graphSide);
    return s;
}

} // namespace

std::string sessionToJson(const SavedSession& session, const std::filesystem::path& sessionFile)
{
    const std::filesystem::path folder = std::filesystem::absolute(sessionFile).lexically_normal().parent_path();
    Json models = Json::array();
    for (const SessionPath& p : session.models)
        models.push_back(toJson(p, folder));
    Json runs = Json::array();
    for (const SessionPath& p : session.runs)
        runs.push_back(toJson(p, folder));
    const Json doc = { { "schema", std::string(kSessionFileSchema) },
        { "version", fmt::format("{}.{}", kSessionFileMajorVersion, kSessionFileMinorVersion) }, { "models", models },
        { "runs", runs }, { "selectedRun", session.selectedRun ? Json(*session.selectedRun) : Json(nullptr) },
        { "compare", { { "a", toJson(session.compare[0]) }, { "b", toJson(session.compare[1]) } } },
        { "inputShapes", session.inputShapes },
        // Compare shows runs, as Results does: what a 1.0 reader (which refuses other words here) opens instead.
        { "tab", std::string(sessionTabName(session.tab == SessionTab::Compare ? SessionTab::Results : session.tab)) },
        { "centralTab", std::string(sessionTabName(session.tab)) }, { "graphSide", session.graphSide } };
    return doc.dump(2) + "\n";
}

Result<SavedSession> sessionFromJson(std::string_view text, std::string_view displayName)
{
    auto parsed
        = json::parseVersionedDocument(text, displayName, "session file", kSessionFileSchema, kSessionFileMajorVersion);
    if (!parsed)
        return parsed.status();
    try {
        return sessionFromDocument(*parsed);
    } catch (const FieldError& e) {
        return Status(StatusCode::InvalidArgument, fmt::format("{}: invalid session file: {}", displayName, e.message));
    } catch (const nlohmann::json::exception& e) {
        return Status(StatusCode::InvalidArgument, fmt::format("{}: invalid session file: {}", displayName, e.what()));
    }
}

Status writeSessionFile(const std::filesystem::path& path, const SavedSession& session)
{
    return writeFileAtomically(path, sessionToJson(session, path));
}

Result<SavedSession> readSessionFile(const std::filesystem::path& path)
{
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (ec)
        return Status(
            StatusCode::IoError, fmt::format("{}: cannot open the session file ({})", path.string(), ec.message()));
    if (size > kSessionFileMaxBytes)
        return Status(StatusCode::InvalidArgument,
            fmt::format("{}: not a session file: {} bytes, a session file is at most {} bytes", path.string(), size,
                kSessionFileMaxBytes));
    const std::optional<std::string> text = json::readTextFile(path);
    if (!text)
        return Status(StatusCode::IoError, fmt::format("{}: cannot open the session file", path.string()));
    return sessionFromJson(*text, path.string());
}

std::optional<std::filesystem::path> resolveSessionPath(
    const SessionPath& path, const std::filesystem::path& sessionFile)
{
    std::error_code ec;
    if (!path.relative.empty()) {
        const std::filesystem::path near
            = (std::filesystem::absolute(sessionFile, ec).parent_path() / path.relative).lexically_normal();
        if (!ec && std::filesystem::is_regular_file(near, ec))
            return near;
    }
    if (std::filesystem::is_regular_file(path.absolute, ec))
        return path.absolute;
    return std::nullopt;
}

} // namespace qs
