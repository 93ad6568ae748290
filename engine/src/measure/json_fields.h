// SPDX-License-Identifier: MIT
// Reading the engine's versioned JSON files (run files, session files): the document's schema and version checked in
// one place, and typed field and word reads whose refusals name the field, so every reader says "where: problem"
// alike.
#pragma once

#include <quantscope/engine/execution_mode.h>
#include <quantscope/engine/run_record.h>
#include <quantscope/engine/status.h>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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
/// The whole file as bytes; nothing when it cannot be opened.
std::optional<std::string> readTextFile(const std::filesystem::path& path);

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

// A closed set of words in the file, an enum in memory: the enum's one parse/name pair, and its values for messages.
template <typename E> struct WordSet
{
    std::optional<E> (*parse)(std::string_view) noexcept;
    std::string_view (*name)(E) noexcept;
    std::vector<E> values;
};

inline const WordSet<ExecutionMode> kModes { parseExecutionMode, executionModeName,
    { ExecutionMode::AsWritten, ExecutionMode::Optimized } };
inline const WordSet<Runtime> kRuntimes { parseRuntime, runtimeName, { Runtime::Quantscope, Runtime::OnnxRuntime } };

// A word outside its set - a hand edit, a file from a build that knows more words - is refused naming the field and
// the value, rather than reaching code that knows only these.
template <typename E> E word(const std::string& text, const char* key, const std::string& where, const WordSet<E>& set)
{
    if (const std::optional<E> e = set.parse(text))
        return *e;
    std::vector<std::string_view> known;
    for (E v : set.values)
        known.push_back(set.name(v));
    throw FieldError { fmt::format(
        "{}: field '{}' has an unknown value '{}' (known: {})", where, key, text, fmt::join(known, ", ")) };
}

template <typename E> E getWord(const Json& obj, const char* key, const std::string& where, const WordSet<E>& set)
{
    return word(get<std::string>(obj, key, where), key, where, set);
}

template <typename E>
std::vector<E> getWords(const Json& obj, const char* key, const std::string& where, const WordSet<E>& set)
{
    std::vector<E> out;
    for (const std::string& text : get<std::vector<std::string>>(obj, key, where))
        out.push_back(word(text, key, where, set));
    return out;
}

} // namespace qs::json
