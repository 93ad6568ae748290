// SPDX-License-Identifier: MIT
// Reads the deployment-target tables (resources/targets/README.md, schema_version 1). Every refusal names the file
// and the field, so a hand-edited table points at its own mistake rather than at the code.
#include <quantscope/engine/targets.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace qs {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr int64_t kSchemaVersion = 1;

/// Thrown inside this file only, turned into a Status at the parse entry point.
struct TableError
{
    std::string message;
};

[[noreturn]] void fail(const std::string& field, const std::string& problem)
{
    throw TableError { fmt::format("field '{}' {}", field, problem) };
}

const json& require(const json& obj, const std::string& path, const char* key)
{
    const std::string field = path.empty() ? key : path + "." + key;
    if (!obj.contains(key))
        fail(field, "is missing");
    return obj.at(key);
}

std::string requireString(const json& obj, const std::string& path, const char* key)
{
    const json& v = require(obj, path, key);
    if (!v.is_string() || v.get<std::string>().empty())
        fail(path.empty() ? key : path + "." + key, "must be a non-empty string");
    return v.get<std::string>();
}

std::string optionalString(const json& obj, const char* key)
{
    const auto it = obj.find(key);
    return it != obj.end() && it->is_string() ? it->get<std::string>() : std::string();
}

int64_t asInt(const json& v, const std::string& field, int64_t min)
{
    if (!v.is_number_integer() || v.get<int64_t>() < min)
        fail(field, fmt::format("must be an integer >= {}", min));
    return v.get<int64_t>();
}

std::vector<std::string> asStrings(const json& v, const std::string& field)
{
    if (!v.is_array())
        fail(field, "must be a list of strings");
    std::vector<std::string> out;
    for (const json& s : v) {
        if (!s.is_string())
            fail(field, "must be a list of strings");
        out.push_back(s.get<std::string>());
    }
    return out;
}

template <typename E>
E oneOf(
    const std::string& value, const std::string& field, std::initializer_list<std::pair<std::string_view, E>> choices)
{
    std::string names;
    for (const auto& [name, e] : choices) {
        if (value == name)
            return e;
        names += (names.empty() ? "" : ", ") + std::string(name);
    }
    fail(field, fmt::format("is '{}', expected one of: {}", value, names));
}

TableOutcome outcome(const std::string& value, const std::string& field)
{
    return oneOf<TableOutcome>(value, field,
        { { "no-kernel", TableOutcome::NoKernel }, { "falls-back-to-cpu", TableOutcome::FallsBackToCpu },
            { "unsupported", TableOutcome::Unsupported }, { "unknown", TableOutcome::Unknown } });
}

TargetVersionRow parseRow(const json& r, const std::string& at)
{
    if (!r.is_object())
        fail(at, "must be an object");
    TargetVersionRow row;
    row.since = asInt(require(r, at, "since"), at + ".since", 1);
    const json& until = require(r, at, "until");
    if (!until.is_null())
        row.until = asInt(until, at + ".until", row.since);
    const auto types = r.find("types");
    if (types != r.end() && !types->is_null()) {
        if (!types->is_object())
            fail(at + ".types", "must be null or an object");
        std::map<std::string, std::vector<std::string>> params;
        for (const auto& [param, names] : types->items())
            params[param] = asStrings(names, at + ".types." + param);
        row.types = std::move(params);
    }
    return row;
}

TargetOperator parseOperator(const json& e, const std::string& at)
{
    if (!e.is_object())
        fail(at, "must be an object");
    TargetOperator op;
    op.domain = requireString(e, at, "domain");
    if (op.domain == "ai.onnx")
        op.domain.clear(); // the IR spells the default domain ""
    op.op = requireString(e, at, "op");
    const json& supported = require(e, at, "supported");
    if (!supported.is_boolean())
        fail(at + ".supported", "must be true or false");
    op.supported = supported.get<bool>();
    const json& versions = require(e, at, "versions");
    if (!versions.is_null()) {
        if (!versions.is_array() || versions.empty())
            fail(at + ".versions", "must be null or a non-empty list");
        std::vector<TargetVersionRow> rows;
        for (size_t i = 0; i < versions.size(); ++i)
            rows.push_back(parseRow(versions[i], fmt::format("{}.versions[{}]", at, i)));
        op.versions = std::move(rows);
    }
    if (const auto t = e.find("types"); t != e.end() && !t->is_null())
        op.types = asStrings(*t, at + ".types");
    if (const auto c = e.find("constraints"); c != e.end())
        op.constraints = asStrings(*c, at + ".constraints");
    op.constraintsFailAtRunTime = optionalString(e, "constraint_effect") == "runtime-error";
    if (const auto v = e.find("implemented_versions"); v != e.end()) {
        if (!v->is_array())
            fail(at + ".implemented_versions", "must be a list of integers");
        for (size_t i = 0; i < v->size(); ++i)
            op.implementedVersions.push_back(asInt((*v)[i], fmt::format("{}.implemented_versions[{}]", at, i), 1));
    }
    return op;
}

TargetTable parseTable(const json& t, const fs::path& file)
{
    if (!t.is_object())
        fail("(top level)", "must be an object");
    TargetTable table;
    table.file = file;
    const int64_t schema = asInt(require(t, "", "schema_version"), "schema_version", 0);
    if (schema != kSchemaVersion)
        fail("schema_version", fmt::format("is {}, this Quantscope reads version {}", schema, kSchemaVersion));
    table.id = requireString(t, "", "id");
    if (!file.empty() && file.filename() != table.id + ".json")
        fail("id", fmt::format("is '{}' but the file must then be named '{}.json'", table.id, table.id));
    table.title = requireString(t, "", "title");
    table.kind = oneOf<TargetTableKind>(requireString(t, "", "kind"), "kind",
        { { "kernel-table", TargetTableKind::KernelTable }, { "reduced-build-list", TargetTableKind::ReducedBuildList },
            { "ep-support-list", TargetTableKind::EpSupportList },
            { "parser-support-list", TargetTableKind::ParserSupportList } });
    const json& rt = require(t, "", "runtime");
    if (!rt.is_object())
        fail("runtime", "must be an object");
    table.runtimeName = requireString(rt, "runtime", "name");
    table.provider = optionalString(rt, "provider");
    table.version = requireString(rt, "runtime", "version");
    table.versionMatch = requireString(rt, "runtime", "version_match");
    oneOf<int>(table.versionMatch, "runtime.version_match", { { "exact", 0 }, { "approximate", 1 }, { "unknown", 2 } });
    const json& src = require(t, "", "source");
    if (!src.is_object())
        fail("source", "must be an object");
    table.sourceDocument = requireString(src, "source", "document");
    table.sourceRevision = requireString(src, "source", "revision");
    table.versionSemantics = oneOf<VersionSemantics>(requireString(t, "", "version_semantics"), "version_semantics",
        { { "op-since-version", VersionSemantics::OpSinceVersion }, { "model-opset", VersionSemantics::ModelOpset },
            { "implemented-op-versions", VersionSemantics::ImplementedOpVersions },
            { "none", VersionSemantics::None } });
    if (const auto r = t.find("model_opset_range"); r != t.end() && !r->is_null()) {
        if (!r->is_object())
            fail("model_opset_range", "must be null or {min, max}");
        const int64_t lo = asInt(require(*r, "model_opset_range", "min"), "model_opset_range.min", 1);
        const int64_t hi = asInt(require(*r, "model_opset_range", "max"), "model_opset_range.max", lo);
        table.modelOpsetRange = std::pair { lo, hi };
    }
    if (const auto a = t.find("allowed_types"); a != t.end() && !(a->is_string() && *a == "unknown"))
        table.allowedTypes = asStrings(*a, "allowed_types");
    if (const auto f = t.find("model_formats"); f != t.end() && !f->is_null())
        table.modelFormats = asStrings(*f, "model_formats");
    table.unsupportedNode = oneOf<UnsupportedNodeRule>(requireString(t, "", "unsupported_node"), "unsupported_node",
        { { "no-kernel-load-fails", UnsupportedNodeRule::NoKernelLoadFails },
            { "falls-back-to-cpu", UnsupportedNodeRule::FallsBackToCpu }, { "fails", UnsupportedNodeRule::Fails } });
    table.unlistedOp = outcome(requireString(t, "", "unlisted_op"), "unlisted_op");
    // Only a complete list of a build may call an absent operator kernel-less (README, "unlisted_op").
    if (table.unlistedOp == TableOutcome::NoKernel && table.kind != TargetTableKind::KernelTable
        && table.kind != TargetTableKind::ReducedBuildList)
        fail("unlisted_op", "is 'no-kernel', which only a kernel-table or reduced-build-list may say");
    table.unmatchedVersionOrType
        = outcome(requireString(t, "", "unmatched_version_or_type"), "unmatched_version_or_type");
    table.notes = asStrings(require(t, "", "notes"), "notes");
    const json& ops = require(t, "", "operators");
    if (!ops.is_array() || ops.empty())
        fail("operators", "must be a non-empty list");
    for (size_t i = 0; i < ops.size(); ++i) {
        TargetOperator op = parseOperator(ops[i], fmt::format("operators[{}]", i));
        if (std::any_of(table.operators.begin(), table.operators.end(),
                [&](const TargetOperator& o) { return o.domain == op.domain && o.op == op.op; }))
            fail(fmt::format("operators[{}]", i), fmt::format("repeats operator {}", op.op));
        table.operators.push_back(std::move(op));
    }
    return table;
}

} // namespace

const TargetOperator* TargetTable::findOperator(std::string_view domain, std::string_view op) const
{
    const std::string_view dom = domain == "ai.onnx" ? std::string_view() : domain;
    for (const TargetOperator& o : operators)
        if (o.op == op && (o.domain == dom || o.domain == "*"))
            return &o;
    return nullptr;
}

Result<TargetTable> parseTargetTable(std::string_view jsonText, const fs::path& file)
{
    const std::string name = file.empty() ? std::string("<table>") : file.filename().string();
    const json doc = json::parse(jsonText.begin(), jsonText.end(), nullptr, false);
    if (doc.is_discarded())
        return Status(StatusCode::InvalidArgument, fmt::format("{}: not valid JSON", name));
    try {
        return parseTable(doc, file);
    } catch (const TableError& e) {
        return Status(StatusCode::InvalidArgument, fmt::format("{}: {}", name, e.message));
    }
}

Result<std::vector<TargetTable>> loadTargetTables(const fs::path& dir)
{
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        return Status(StatusCode::NotFound, fmt::format("no target tables folder at '{}'", dir.string()));
    std::vector<fs::path> files;
    for (const fs::directory_entry& e : fs::directory_iterator(dir, ec))
        if (e.path().extension() == ".json" && e.is_regular_file(ec))
            files.push_back(e.path());
    if (ec)
        return Status(StatusCode::IoError, fmt::format("cannot list '{}': {}", dir.string(), ec.message()));
    if (files.empty())
        return Status(StatusCode::NotFound, fmt::format("no *.json target tables in '{}'", dir.string()));
    std::sort(files.begin(), files.end());
    std::vector<TargetTable> tables;
    for (const fs::path& f : files) {
        std::ifstream in(f, std::ios::binary);
        std::ostringstream text;
        if (in.is_open())
            text << in.rdbuf();
        if (!in.is_open() || in.bad())
            return Status(StatusCode::IoError, fmt::format("{}: cannot read", f.string()));
        QS_ASSIGN_OR_RETURN(TargetTable t, parseTargetTable(text.str(), f));
        tables.push_back(std::move(t));
    }
    std::sort(tables.begin(), tables.end(), [](const TargetTable& a, const TargetTable& b) { return a.id < b.id; });
    return tables;
}

fs::path findTargetTablesDirectory()
{
    std::error_code ec;
    if (const char* env = std::getenv("QS_TARGETS_DIR"); env && *env)
        return env;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const fs::path installed = exe.parent_path().parent_path() / "share" / "quantscope" / "targets";
        if (fs::is_directory(installed, ec))
            return installed;
    }
#ifdef QS_SOURCE_TARGETS_DIR
    if (fs::is_directory(QS_SOURCE_TARGETS_DIR, ec))
        return QS_SOURCE_TARGETS_DIR;
#endif
    return {};
}

Result<std::vector<TargetTable>> loadInstalledTargetTables()
{
    const fs::path dir = findTargetTablesDirectory();
    if (dir.empty())
        return Status(StatusCode::NotFound,
            "no deployment-target tables found: set QS_TARGETS_DIR to a folder of resources/targets/*.json (installed "
            "in share/quantscope/targets)");
    return loadTargetTables(dir);
}

} // namespace qs
