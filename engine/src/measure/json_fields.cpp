// SPDX-License-Identifier: MIT
#include "json_fields.h"

#include <cstdio>
#include <fstream>
#include <sstream>

namespace qs::json {

Result<Json> parseVersionedDocument(
    std::string_view text, std::string_view displayName, std::string_view kind, std::string_view schema, int major)
{
    auto fail = [&](const std::string& what) {
        return Status(StatusCode::InvalidArgument, fmt::format("{}: {}", displayName, what));
    };
    Json doc;
    try {
        doc = Json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        const bool atEnd = e.byte >= text.size();
        return fail(fmt::format("not a valid {}: {} JSON at byte {}{}", kind, atEnd ? "truncated" : "malformed", e.byte,
            atEnd ? " (the file ends early; was the write interrupted?)" : ""));
    } catch (const nlohmann::json::exception& e) {
        // Other parse-time refusals (e.g. out_of_range 406 for a number beyond a double, found by fuzz_run_file).
        return fail(fmt::format("not a valid {}: {}", kind, e.what()));
    }
    if (!doc.is_object() || !doc.contains("schema") || doc["schema"] != schema)
        return fail(fmt::format("not a Quantscope {} (no \"schema\": \"{}\")", kind, schema));
    if (!doc.contains("version") || !doc["version"].is_string())
        return fail(fmt::format("{} without a \"version\" string", kind));
    const std::string version = doc["version"].get<std::string>();
    int fileMajor = -1;
    int fileMinor = -1;
    if (std::sscanf(version.c_str(), "%d.%d", &fileMajor, &fileMinor) != 2 || fileMajor < 0 || fileMinor < 0)
        return fail(fmt::format("{} version '{}' is not MAJOR.MINOR", kind, version));
    if (fileMajor != major)
        return fail(
            fmt::format("{} version {} is not supported: this Quantscope reads version {}.x", kind, version, major));
    return doc;
}

std::optional<std::string> readTextFile(const std::filesystem::path& path)
{
    std::ifstream f(path, std::ios::binary);
    if (!f)
        return std::nullopt;
    std::ostringstream text;
    text << f.rdbuf();
    return text.str();
}

} // namespace qs::json
