// SPDX-License-Identifier: MIT
#include "targets/node_match.h"

#include <quantscope/engine/op_schema_docs.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <optional>

namespace qs::targets {

namespace {

NodeVerdict fromUnsupported(UnsupportedNodeRule u)
{
    return u == UnsupportedNodeRule::FallsBackToCpu ? NodeVerdict::FallsBack : NodeVerdict::NoKernel;
}

NodeVerdict fromOutcome(TableOutcome o, const TargetTable& t)
{
    switch (o) {
    case TableOutcome::NoKernel:
        return NodeVerdict::NoKernel;
    case TableOutcome::FallsBackToCpu:
        return NodeVerdict::FallsBack;
    case TableOutcome::Unsupported:
        return fromUnsupported(t.unsupportedNode);
    case TableOutcome::Unknown:
        break;
    }
    return NodeVerdict::Unknown;
}

std::string_view outcomeName(TableOutcome o)
{
    switch (o) {
    case TableOutcome::NoKernel:
        return "no-kernel";
    case TableOutcome::FallsBackToCpu:
        return "falls-back-to-cpu";
    case TableOutcome::Unsupported:
        return "unsupported";
    case TableOutcome::Unknown:
        break;
    }
    return "unknown";
}

bool rowContains(const TargetVersionRow& r, int64_t v)
{
    return v >= r.since && (!r.until || v <= *r.until);
}

std::string rowsText(const std::vector<TargetVersionRow>& rows)
{
    std::string s;
    for (const TargetVersionRow& r : rows)
        s += (s.empty() ? "" : ", ")
            + (r.until ? fmt::format("{}-{}", r.since, *r.until) : fmt::format("{}+", r.since));
    return s;
}

/// The schema's since_version for the node, when libonnx knows the operator (0 for the built-in contrib texts,
/// which carry neither versions nor type parameters).
std::optional<OpSchemaDoc> nodeSchema(const Node& n)
{
    auto s = opSchemaDoc(n.opType, n.domain, n.opsetVersion);
    if (!s || s->sinceVersion <= 0)
        return std::nullopt;
    return s;
}

enum class Match
{
    Yes,
    No,
    Unknown,
};

struct RowPick
{
    Match match = Match::Unknown;
    const TargetVersionRow* row = nullptr;
    std::string detail;
};

RowPick pickRow(const Node& n, const TargetOperator& e, const TargetTable& t, const std::optional<OpSchemaDoc>& schema)
{
    const auto& rows = *e.versions;
    if (t.versionSemantics == VersionSemantics::ModelOpset) {
        for (const TargetVersionRow& r : rows)
            if (rowContains(r, n.opsetVersion))
                return { Match::Yes, &r, {} };
        // A build made for opsets 12-15 holds the kernels of the operator versions those opsets use; a node of
        // another opset has one of them when its operator is unchanged since (Mul at opset 17 is Mul-14, as at 15).
        if (schema) {
            for (const TargetVersionRow& r : rows) {
                const int64_t last = r.until.value_or(std::max(r.since, n.opsetVersion));
                for (int64_t v = r.since; v <= last; ++v) {
                    const auto atV = opSchemaDoc(n.opType, n.domain, v);
                    if (atV && atV->sinceVersion == schema->sinceVersion)
                        return { Match::Yes, &r, {} };
                }
            }
            return { Match::No, nullptr,
                fmt::format("operator version {} (model opset {}) is none of the versions the listed opsets {} use",
                    schema->sinceVersion, n.opsetVersion, rowsText(rows)) };
        }
        return { Match::No, nullptr,
            fmt::format("model opset {} outside the listed opsets {}", n.opsetVersion, rowsText(rows)) };
    }
    if (schema) {
        // A row starting after the schema's version but within the model's opset means the operator changed there
        // (kernels are registered per operator version), which the ONNX schemas of this build do not describe.
        for (const TargetVersionRow& r : rows)
            if (r.since > schema->sinceVersion && r.since <= n.opsetVersion)
                return { Match::Unknown, nullptr,
                    fmt::format("the table has version {} of the operator, newer than the schema known here ({})",
                        r.since, schema->sinceVersion) };
        for (const TargetVersionRow& r : rows)
            if (rowContains(r, schema->sinceVersion))
                return { Match::Yes, &r, {} };
        return { Match::No, nullptr,
            fmt::format("operator version {} outside the listed versions {}", schema->sinceVersion, rowsText(rows)) };
    }
    // No schema: the node's operator version is somewhere in [1, opset]. Decide only when every candidate agrees.
    if (n.opsetVersion <= 0)
        return { Match::Unknown, nullptr, "the model imports no opset for the operator's domain" };
    for (const TargetVersionRow& r : rows)
        if (r.since <= 1 && (!r.until || *r.until >= n.opsetVersion))
            return { Match::Yes, &r, {} };
    const bool anyOverlap
        = std::any_of(rows.begin(), rows.end(), [&](const TargetVersionRow& r) { return r.since <= n.opsetVersion; });
    if (!anyOverlap)
        return { Match::No, nullptr,
            fmt::format(
                "every listed version ({}) is newer than the model's opset {}", rowsText(rows), n.opsetVersion) };
    return { Match::Unknown, nullptr, "the operator's version is not known here (no schema)" };
}

struct TypeCheck
{
    Match match = Match::Yes;
    std::string detail;
};

void note(TypeCheck& c, Match m, std::string detail)
{
    // A mismatch outranks an unknown: one value outside the list is enough for the table's unmatched rule.
    if (c.match == Match::No || (c.match == Match::Unknown && m != Match::No))
        return;
    c.match = m;
    c.detail = std::move(detail);
}

bool listed(const std::vector<std::string>& names, DataType dt)
{
    return std::find(names.begin(), names.end(), dataTypeName(dt)) != names.end();
}

bool listedAsOptional(const std::vector<std::string>& names, DataType dt)
{
    const std::string optional = fmt::format("optional(tensor({}))", dataTypeName(dt));
    return std::find(names.begin(), names.end(), optional) != names.end();
}

void checkValues(TypeCheck& c, const Graph& g, const std::vector<ValueId>& ids, const std::vector<std::string>& names,
    const std::string& what)
{
    for (ValueId id : ids) {
        if (id == kNoValue)
            continue;
        const Value& v = g.value(id);
        if (v.type.elementType == DataType::Undefined)
            note(c, Match::Unknown, fmt::format("element type of '{}' is not known", v.name));
        else if (!listed(names, v.type.elementType) && listedAsOptional(names, v.type.elementType))
            // The loader reads optional(tensor(T)) as T and keeps no marker, so which of the two it is is not known.
            note(c, Match::Unknown,
                fmt::format("'{}' is {} or optional(tensor({})) (the loader does not keep which), {} lists only the "
                            "optional one",
                    v.name, dataTypeName(v.type.elementType), dataTypeName(v.type.elementType), what));
        else if (!listed(names, v.type.elementType))
            note(c, Match::No,
                fmt::format(
                    "'{}' is {}, {} lists {}", v.name, dataTypeName(v.type.elementType), what, fmt::join(names, ", ")));
    }
}

/// Per-type-parameter rows (ONNX Runtime's T, T1, ...): the schema says which inputs and outputs use a parameter.
TypeCheck checkParams(const Graph& g, const Node& n, const std::map<std::string, std::vector<std::string>>& types,
    const std::optional<OpSchemaDoc>& schema)
{
    if (!schema)
        return { Match::Unknown,
            "the table gives types per type parameter and the operator's schema is not known here" };
    std::map<std::string, std::vector<ValueId>> bound;
    auto bind = [&](const std::vector<ValueId>& ids, const std::vector<OpFormalParameter>& formals) {
        for (size_t i = 0; i < ids.size() && !formals.empty(); ++i) {
            const size_t f = i < formals.size() ? i : (formals.back().variadic ? formals.size() - 1 : formals.size());
            if (f < formals.size() && ids[i] != kNoValue) {
                bound[formals[f].typeConstraint].push_back(ids[i]);
                // ONNX Runtime's kernel type strings name a type parameter or an input/output ("shape" of Reshape).
                if (formals[f].name != formals[f].typeConstraint)
                    bound[formals[f].name].push_back(ids[i]);
            }
        }
    };
    bind(n.inputs, schema->inputs);
    bind(n.outputs, schema->outputs);
    auto inSchema = [&](const std::string& param) {
        const auto uses = [&](const OpFormalParameter& f) { return f.typeConstraint == param || f.name == param; };
        return std::any_of(schema->inputs.begin(), schema->inputs.end(), uses)
            || std::any_of(schema->outputs.begin(), schema->outputs.end(), uses);
    };
    TypeCheck c;
    for (const auto& [param, names] : types) {
        if (const auto it = bound.find(param); it != bound.end())
            checkValues(c, g, it->second, names, "type parameter " + param);
        else if (!inSchema(param)) // named differently from the schema: which values it constrains is unknown
            note(
                c, Match::Unknown, fmt::format("the table's type parameter {} is not in the operator's schema", param));
        // else: only omitted optional inputs use it, so it constrains nothing here
    }
    return c;
}

TypeCheck checkFlat(const Graph& g, const Node& n, const std::vector<std::string>& names, const std::string& what)
{
    TypeCheck c;
    checkValues(c, g, n.inputs, names, what);
    checkValues(c, g, n.outputs, names, what);
    return c;
}

std::optional<int64_t> elementCount(const Graph& g, ValueId id)
{
    if (const Tensor* t = g.constantData(id))
        return t->elementCount();
    if (const auto dims = g.value(id).type.knownDims())
        return shapeElementCount(*dims);
    return std::nullopt;
}

} // namespace

TableVerdict judgeNode(const Graph& g, const Node& n, const TargetTable& t)
{
    const TargetOperator* e = t.findOperator(n.domain, n.opType);
    if (!e)
        return { fromOutcome(t.unlistedOp, t),
            fmt::format("not in the table (unlisted_op: {})", outcomeName(t.unlistedOp)), nullptr };
    if (!e->supported)
        return { fromUnsupported(t.unsupportedNode), "the source lists it as not supported", e };
    const auto unmatched = [&](const std::string& detail) {
        return TableVerdict { fromOutcome(t.unmatchedVersionOrType, t),
            fmt::format("{} (unmatched_version_or_type: {})", detail, outcomeName(t.unmatchedVersionOrType)), e };
    };
    const std::optional<OpSchemaDoc> schema = nodeSchema(n);
    const TargetVersionRow* row = nullptr;
    if (t.versionSemantics == VersionSemantics::ImplementedOpVersions && !e->implementedVersions.empty()) {
        if (!schema)
            return { NodeVerdict::Unknown, "the operator's version is not known here (no schema)", e };
        const auto& iv = e->implementedVersions;
        if (std::find(iv.begin(), iv.end(), schema->sinceVersion) == iv.end())
            return unmatched(fmt::format("operator version {} is not among the implemented versions {}",
                schema->sinceVersion, fmt::join(iv, ", ")));
    } else if (e->versions) {
        const RowPick pick = pickRow(n, *e, t, schema);
        if (pick.match == Match::No)
            return unmatched(pick.detail);
        if (pick.match == Match::Unknown)
            return { NodeVerdict::Unknown, pick.detail, e };
        row = pick.row;
    }
    TypeCheck types;
    if (row && row->types)
        types = checkParams(g, n, *row->types, schema);
    else if (e->types)
        types = checkFlat(g, n, *e->types, "the operator's types");
    else if (t.allowedTypes) {
        // The table-wide list has exceptions its source does not enumerate, so a type outside it is not a verdict.
        types = checkFlat(g, n, *t.allowedTypes, "the table-wide types");
        if (types.match == Match::No)
            return { NodeVerdict::Unknown, types.detail + "; the source does not say which operators take other types",
                e };
    }
    if (types.match == Match::No)
        return unmatched(types.detail);
    if (types.match == Match::Unknown)
        return { NodeVerdict::Unknown, types.detail, e };
    return { NodeVerdict::Runs, "listed; version and element types match where the table states them", e };
}

RestrictionCheck checkRestrictions(const Graph& g, const Node& n, const TargetOperator& e)
{
    RestrictionCheck out;
    for (const std::string& c : e.constraints) {
        // ONNX Runtime's CPU ConvInteger takes only per-tensor zero points (x_zero_point input 2, w_zero_point 3).
        const bool zeroPointRule = e.op == "ConvInteger" && c.find("zero_point") != std::string::npos;
        if (!zeroPointRule) {
            out.unchecked.push_back(c);
            continue;
        }
        bool known = true;
        for (size_t i : { size_t(2), size_t(3) }) {
            const ValueId id = n.input(i);
            if (id == kNoValue)
                continue;
            const auto count = elementCount(g, id);
            if (!count)
                known = false;
            else if (*count > 1)
                out.failures.push_back(
                    fmt::format("'{}' has {} zero points, the table says: {}", g.value(id).name, *count, c));
        }
        if (!known && out.failures.empty())
            out.unchecked.push_back(c);
    }
    return out;
}

} // namespace qs::targets
