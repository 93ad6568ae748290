// SPDX-License-Identifier: MIT
// Reading the engine's versioned JSON files (run files, session files): the document's schema and version checked in
// one place, and typed field reads whose refusals name the field, so every reader says "where: problem" alike.
#pragma once

#include <quantscope/engine/status.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace qs::json {

using Json = nlohmann::ordered_json;

/// Thrown by the field reads and caught by the file's reader, which turns it into a Status: keeps the many reads short.
struct FieldError
{
    std::string message;
};

/// Parses `text` as a document of `schema` whose "version" is MAJOR.MINOR with MAJOR == `major` (newer minors are
/// read). `kind` names the file in messages ("run file"); each message starts with `displayName`.
Result<Json> parseVersionedDocument(
    std::string_view text, std::string_view displayName, std::string_view kind, std::string_view schema, int major);

inline const Json& field(const Json& obj, const char* key, const std::string& where)
{
    if (!obj.is_object())
        throw FieldError { fmt::format("{} is not an object", where) };
    auto it = obj.find(key);
    if (it == obj.end())
        throw FieldError { fmt::format("{}: missing field '{}'", where, key) };
    return *it;
}

template <typename T> T get(const Json& obj, const char* key, const std::string& where)
{
    const Json& v = field(obj, key, where);
    try {
        return v.get<T>();
    } catch (const nlohmann::json::exception&) {
        throw FieldError { fmt::format("{}: field '{}' has the wrong type ({})", where, key, v.type_name()) };
    }
}

template <typename T> std::optional<T> getOptional(const Json& obj, const char* key, const std::string& where)
{
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null())
        return std::nullopt;
    return get<T>(obj, key, where);
}

inline const Json& array(const Json& obj, const char* key, const std::string& where)
{
    const Json& v = field(obj, key, where);
    if (!v.is_array())
        throw FieldError { fmt::format("{}: field '{}' is not an array", where, key) };
    return v;
}

} // namespace qs::json
