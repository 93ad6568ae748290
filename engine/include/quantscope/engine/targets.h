// SPDX-License-Identifier: MIT
// Deployment targets (issue 17 part 2): where will this file run, fall back to ONNX Runtime's CPU provider, or fail
// to load? The support tables are data (resources/targets/*.json, schema in its README.md); this header loads them
// and classifies every node of a Model (If/Loop/Scan bodies included) against each one.
//
//   auto tables = qs::loadTargetTables(qs::findTargetTablesDirectory());
//   for (const qs::TargetReport& r : qs::classifyModel(*model, *tables)) ...
//
// A verdict is only what a table states: what the source does not say stays Unknown, never a guess.
#pragma once

#include <quantscope/engine/graph.h>
#include <quantscope/engine/model.h>
#include <quantscope/engine/status.h>

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qs {

enum class TargetTableKind
{
    KernelTable, ///< every kernel of a runtime
    ReducedBuildList, ///< the only kernels a reduced build contains
    EpSupportList, ///< operators an execution provider takes; the rest goes to the CPU provider
    ParserSupportList, ///< operators a standalone converter handles; the rest makes the conversion fail
};

/// What a table says about a node it does not take (`unlisted_op`, `unmatched_version_or_type`).
enum class TableOutcome
{
    NoKernel,
    FallsBackToCpu,
    Unsupported, ///< resolved through the table's `unsupported_node`
    Unknown,
};

/// What happens to a node the target cannot take (`unsupported_node`).
enum class UnsupportedNodeRule
{
    NoKernelLoadFails,
    FallsBackToCpu,
    Fails, ///< a standalone parser: the whole conversion fails
};

enum class VersionSemantics
{
    OpSinceVersion, ///< rows are operator versions (the since_version of the node's schema)
    ModelOpset, ///< rows are the model's opset import for the node's domain
    ImplementedOpVersions, ///< `implemented_versions` lists the operator versions handled
    None, ///< the source gives no versions
};

struct TargetVersionRow
{
    int64_t since = 1;
    std::optional<int64_t> until; ///< nullopt: "and later"
    /// Type parameter ("T", "T1") -> element type names; nullopt when the source gives none (unknown).
    std::optional<std::map<std::string, std::vector<std::string>>> types;
};

struct TargetOperator
{
    std::string domain; ///< "" for ai.onnx (normalised as in the IR), "*" when the source does not say
    std::string op;
    bool supported = true; ///< false where the source explicitly says no
    std::optional<std::vector<TargetVersionRow>> versions; ///< nullopt: no versions in the source
    std::optional<std::vector<std::string>> types; ///< flat element types (TensorRT), nullopt when absent
    std::vector<std::string> constraints; ///< restrictions as the source states them
    bool constraintsFailAtRunTime = false; ///< `constraint_effect: runtime-error`
    std::vector<int64_t> implementedVersions; ///< OpenVINO's "Supported Version" column
};

struct TargetTable
{
    std::filesystem::path file;
    std::string id;
    std::string title;
    TargetTableKind kind = TargetTableKind::KernelTable;
    std::string runtimeName; ///< "ONNX Runtime"
    std::string provider; ///< may be empty
    std::string version; ///< the version the table stands for ("1.30", "unknown")
    std::string versionMatch; ///< "exact", "approximate", "unknown"
    std::string sourceDocument;
    std::string sourceRevision;
    VersionSemantics versionSemantics = VersionSemantics::None;
    std::optional<std::pair<int64_t, int64_t>> modelOpsetRange; ///< ai.onnx opsets the source states
    std::optional<std::vector<std::string>> allowedTypes; ///< table-wide element types; nullopt = unknown/absent
    std::vector<std::string> modelFormats; ///< file extensions the target loads (".ort"); empty = not stated
    UnsupportedNodeRule unsupportedNode = UnsupportedNodeRule::NoKernelLoadFails;
    TableOutcome unlistedOp = TableOutcome::Unknown;
    TableOutcome unmatchedVersionOrType = TableOutcome::Unknown;
    std::vector<std::string> notes;
    std::vector<TargetOperator> operators;

    /// The entry for a node's operator (domain "" = ai.onnx; entries with domain "*" match any), or nullptr.
    const TargetOperator* findOperator(std::string_view domain, std::string_view op) const;
};

/// Parses one table (schema_version 1). Errors (InvalidArgument) name `fileName` and the field: "x.json: field
/// 'operators[3].versions[0].since' must be an integer >= 1".
Result<TargetTable> parseTargetTable(std::string_view jsonText, const std::filesystem::path& file);
/// Every *.json in `dir`, sorted by id. One malformed file fails the whole load, naming it.
Result<std::vector<TargetTable>> loadTargetTables(const std::filesystem::path& dir);
/// The tables of findTargetTablesDirectory(); NotFound, saying how to point at them, when there is none.
Result<std::vector<TargetTable>> loadInstalledTargetTables();
/// $QS_TARGETS_DIR, else <exe dir>/../share/quantscope/targets, else the source tree's resources/targets (builds
/// run in place). Empty when none exists.
std::filesystem::path findTargetTablesDirectory();

enum class NodeVerdict
{
    Runs, ///< the target takes the node (subject to `conditions`)
    FallsBack, ///< an EP does not take it: ONNX Runtime's CPU provider runs it (see cpuVerdict)
    NoKernel, ///< no kernel (kernel table, reduced build) or unsupported by a standalone parser
    Unknown, ///< the source does not say
};
std::string_view nodeVerdictName(NodeVerdict v) noexcept; ///< "runs", "falls-back", "no-kernel", "unknown"

struct BodyTargetResult;

struct NodeTargetResult
{
    NodeId node = kNoNode;
    NodeVerdict verdict = NodeVerdict::Unknown;
    std::string reason; ///< what the table says, e.g. "not in the provider's operator list"
    /// For FallsBack: the CPU kernel table's verdict (Runs, NoKernel: the model fails to load, Unknown).
    std::optional<NodeVerdict> cpuVerdict;
    std::string cpuReason;
    std::vector<std::string> conditions; ///< constraints the table lists for the operator, not checked
    std::vector<std::string> runtimeFailures; ///< known restrictions the node breaks: fails at run time
    bool becomesInitializer = false; ///< a Constant node ONNX Runtime turns into an initializer when it loads
    /// If/Loop/Scan: its bodies in attribute order, every node classified against the same table (ONNX Runtime
    /// creates the kernels of subgraphs when it loads the model, and partitions each body on its own).
    std::vector<BodyTargetResult> bodies;
};

struct BodyTargetResult
{
    const Graph* graph = nullptr; ///< the body (owned by the model)
    std::vector<NodeTargetResult> nodes; ///< the body's nodes in its topological order
};

/// Calls `visit(graph, node)` for every node result: a graph's nodes in order, each If/Loop/Scan node followed by the
/// nodes of its bodies (depth first), with the graph that holds the node.
template <typename Visit>
void forEachNodeResult(const Graph& graph, const std::vector<NodeTargetResult>& nodes, Visit&& visit)
{
    for (const NodeTargetResult& n : nodes) {
        visit(graph, n);
        for (const BodyTargetResult& b : n.bodies)
            forEachNodeResult(*b.graph, b.nodes, visit);
    }
}

/// Placement of a node for partition counting.
enum class Placement
{
    Provider,
    Cpu,
    Unassigned, ///< unknown or no kernel: left out of the count
    Initializer, ///< not executed (a Constant ONNX Runtime folds at load): left out, the count stays exact
};

struct PartitionSummary
{
    int64_t partitions = 0; ///< maximal runs of same-placement nodes in topological order
    int64_t providerPartitions = 0;
    int64_t cpuPartitions = 0;
    int64_t crossings = 0; ///< tensors produced on one side and consumed on the other (each needs a copy)
    bool exact = true; ///< false when some node was Unassigned
};

/// Walks `graph` in topological order; `placement` is indexed by NodeId.
PartitionSummary countPartitions(const Graph& graph, const std::vector<Placement>& placement);

/// A target that loads only other file formats (the mobile package loads only ".ort"), and the file's own format.
struct FileFormatProblem
{
    std::string format; ///< the file's extension, ".onnx"
    std::vector<std::string> accepted; ///< what the target loads, {".ort"}
    bool operator==(const FileFormatProblem&) const = default;
};
/// "this target loads only .ort files: a .onnx file cannot load at all (it must be converted first)"
std::string fileFormatProblemText(const FileFormatProblem& p);

enum class TargetVerdict
{
    Runs, ///< loads, and every node runs on the target
    FallsBack, ///< loads, some nodes run on the CPU provider
    CannotLoad, ///< the file or some node cannot load (or convert) there
    Unknown, ///< nothing prevents loading, but the source does not say for some nodes
};
std::string_view targetVerdictName(TargetVerdict v) noexcept; ///< "runs", "falls-back", "cannot-load", "unknown"

struct TargetReport
{
    std::string tableId;
    std::string title;
    TargetTableKind kind = TargetTableKind::KernelTable;
    std::string version;
    std::string versionMatch;
    std::string fallbackTableId; ///< the CPU kernel table consulted for fallbacks; empty when none was loaded
    TargetVerdict verdict = TargetVerdict::Unknown;
    std::optional<std::string> fileProblem; ///< file-level reason it cannot load (".onnx: loads only .ort files")
    std::optional<FileFormatProblem> fileFormat; ///< the same as values when the format is the reason (translations)
    std::vector<std::string> fileNotes; ///< caveats (model opset outside the range the source states)
    std::vector<NodeTargetResult> nodes; ///< main graph, topological order (bodies under their node)
    /// EP tables only: summed over the main graph and every body, each partitioned on its own.
    std::optional<PartitionSummary> partitions;

    /// The counts include the nodes of If/Loop/Scan bodies.
    int64_t count(NodeVerdict v) const;
    int64_t cpuNoKernelCount() const; ///< fallbacks the CPU provider has no kernel for
    int64_t runtimeFailureCount() const;
    int64_t nodeCount() const; ///< main graph and bodies
};

/// What goes wrong for a group of nodes on a target.
enum class TargetProblemKind
{
    NoKernel, ///< no kernel in the target's own table (or unsupported by a standalone parser): cannot load
    CpuNoKernel, ///< falls back to the CPU provider, which has no kernel either: cannot load
    FallsBack, ///< runs on the CPU provider instead of the target's
    FailsAtRunTime, ///< loads, but breaks a restriction the table states (fails at run time)
};
/// "no-kernel", "cpu-no-kernel", "falls-back", "fails-at-run-time"
std::string_view targetProblemKindName(TargetProblemKind k) noexcept;
std::optional<TargetProblemKind> parseTargetProblemKind(std::string_view name) noexcept;
/// "kernel-table", "reduced-build-list", "ep-support-list", "parser-support-list" (the tables' `kind`)
std::string_view targetTableKindName(TargetTableKind k) noexcept;
std::optional<TargetTableKind> parseTargetTableKind(std::string_view name) noexcept;
std::optional<TargetVerdict> parseTargetVerdict(std::string_view name) noexcept;

/// The nodes of one operator type with one problem on a target.
struct TargetOpProblem
{
    TargetProblemKind kind = TargetProblemKind::FallsBack;
    std::string opType; ///< qualified ("ConvInteger", "com.microsoft.QGemm")
    int64_t nodes = 0;
    std::vector<std::string> examples; ///< names of the first nodes in topological order (at most maxExamples)
    std::string reason; ///< what the table says about the first node
};

/// A target report reduced to what a run file keeps and the diagnosis reads: counts, partitions and, per problem and
/// operator type, how many nodes and which ones first.
struct TargetSummary
{
    std::string tableId;
    std::string title;
    TargetTableKind kind = TargetTableKind::KernelTable;
    std::string version;
    std::string versionMatch;
    std::string fallbackTableId;
    TargetVerdict verdict = TargetVerdict::Unknown;
    std::optional<std::string> fileProblem;
    std::optional<FileFormatProblem> fileFormat; ///< fileProblem's values when the format is the reason
    int64_t nodes = 0; ///< main graph and If/Loop/Scan bodies, as the counts below
    int64_t runs = 0;
    int64_t fallsBack = 0;
    int64_t noKernel = 0;
    int64_t unknown = 0;
    int64_t cpuNoKernel = 0;
    int64_t runtimeFailures = 0;
    std::optional<PartitionSummary> partitions;
    std::vector<TargetOpProblem> problems; ///< by kind (the enum's order), then most nodes first, then op type

    /// Some node cannot load, falls back or fails at run time. A file-format problem alone (.onnx where a build
    /// loads .ort) is not one: converting the file fixes it, the network is not at fault.
    bool hasNodeProblems() const { return noKernel + cpuNoKernel + fallsBack + runtimeFailures > 0; }
};

TargetSummary summarizeTarget(const Graph& graph, const TargetReport& report, size_t maxExamples = 3);

/// Classifies every node of `model` (main graph and If/Loop/Scan bodies) against `table`. `allTables` supplies the CPU
/// kernel table an EP falls back to (the kernel table of the same runtime).
TargetReport classifyModelForTarget(
    const Model& model, const TargetTable& table, const std::vector<TargetTable>& allTables);
/// One report per table, in the order given.
std::vector<TargetReport> classifyModel(const Model& model, const std::vector<TargetTable>& tables);

} // namespace qs
