// SPDX-License-Identifier: MIT
#include "graph_layout.h"

#include "layout_process.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <optional>
#include <string>

namespace qs::ui {

namespace {

constexpr double kPointsPerInch = 72.0;
constexpr double kNodeHeight = 38.0;
constexpr double kTerminalHeight = 26.0;
constexpr size_t kLargeGraphNodes = 1000;

bool isHidden(const NodeClassification& c, NodeId id, const LayoutOptions& o)
{
    if (!o.collapseQdq)
        return false;
    const NodeCategory cat = c.category(id);
    return cat == NodeCategory::Quantize || cat == NodeCategory::Dequantize;
}

// One end a float type and the other a quantized integer type (int64 and bool belong to neither).
bool crossesDomains(DataType a, DataType b)
{
    const PrecisionDomain da = precisionDomainOf(a);
    const PrecisionDomain db = precisionDomainOf(b);
    return da != PrecisionDomain::Other && db != PrecisionDomain::Other && da != db;
}

struct Source
{
    NodeId producer = kNoNode; ///< visible producer, or kNoNode
    bool fromGraphInput = false;
    bool constant = false; ///< the chain starts at a folded constant-only node
    ValueId value = kNoValue; ///< the value leaving the visible producer / input terminal
    int absorbed = 0;
};

// Operators whose output is not a function of their inputs: never folded, even without inputs.
bool isNondeterministic(const std::string& op)
{
    return op.rfind("Random", 0) == 0 || op == "Multinomial" || op == "Bernoulli";
}

// Nodes computed from constants alone (Constant, ConstantOfShape of a constant, a Cast or Reshape of one, ...), in
// one pass in topological order. Quantization nodes are left to collapseQdq, nodes with subgraphs and
// nodes producing a graph output stay drawn.
std::vector<bool> constantOnlyNodes(const Graph& g, const NodeClassification& c)
{
    std::vector<bool> folded(g.nodes().size(), false);
    for (NodeId id : g.topologicalOrder()) {
        const Node& n = g.node(id);
        const NodeCategory cat = c.category(id);
        if (cat == NodeCategory::Quantize || cat == NodeCategory::Dequantize || isNondeterministic(n.opType))
            continue;
        bool constant = true;
        for (const Attribute& a : n.attributes)
            constant = constant && a.graphs.empty() && !a.g;
        for (ValueId v : n.inputs) {
            if (v == kNoValue || g.value(v).isConstant())
                continue;
            const NodeId p = g.value(v).producer;
            constant = constant && p != kNoNode && folded[static_cast<size_t>(p)];
        }
        for (ValueId v : n.outputs)
            constant = constant && !(v != kNoValue && g.value(v).isGraphOutput);
        folded[static_cast<size_t>(id)] = constant;
    }
    return folded;
}

// Follows a value back through collapsed Q/DQ nodes (their data input is input 0) to what is actually drawn.
Source resolveSource(
    const Graph& g, const NodeClassification& c, const LayoutOptions& o, const std::vector<bool>& folded, ValueId v)
{
    Source s;
    s.value = v;
    for (int guard = 0; guard < 64; ++guard) {
        const Value& val = g.value(s.value);
        if (val.producer == kNoNode) {
            s.fromGraphInput = val.isGraphInput;
            return s;
        }
        if (folded[static_cast<size_t>(val.producer)]) {
            s.constant = true;
            s.producer = kNoNode;
            return s;
        }
        if (!isHidden(c, val.producer, o)) {
            s.producer = val.producer;
            return s;
        }
        ++s.absorbed;
        const ValueId next = g.node(val.producer).input(0);
        if (next == kNoValue)
            return Source {};
        s.value = next;
    }
    return Source {};
}

// Inches as DOT wants them, in the shortest exact form and without the locale (a German locale's decimal comma would
// not parse).
std::string inches(double points)
{
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, points / kPointsPerInch);
    return std::string(buf, r.ptr);
}

// "n12", "i3", "e40": DOT names. Appended, not "n" + std::to_string(...), which GCC 12 warns about (-Wrestrict).
std::string dotName(char prefix, int64_t number)
{
    std::string name(1, prefix);
    name += std::to_string(number);
    return name;
}

// A DOT double-quoted string.
std::string dotString(const std::string& text)
{
    std::string out = "\"";
    for (char ch : text) {
        if (ch == '"' || ch == '\\')
            out += '\\';
        out += ch;
    }
    return out + "\"";
}

std::string nodeName(NodeId id)
{
    return dotName('n', id);
}

} // namespace

QSizeF nodeBoxSize(const Node& node)
{
    const double w = std::max(84.0, 7.4 * static_cast<double>(node.opType.size()) + 30.0);
    return { w, kNodeHeight };
}

static QSizeF terminalBoxSize(const std::string& name)
{
    return { std::clamp(6.6 * static_cast<double>(name.size()) + 30.0, 70.0, 240.0), kTerminalHeight };
}

Result<GraphLayout> computeGraphLayout(const Model& model, const NodeClassification& classification,
    const LayoutOptions& options, const std::atomic<bool>* cancel)
{
    const Graph& g = model.graph();
    GraphLayout out;
    out.options = options;
    const auto t0 = std::chrono::steady_clock::now();

    // The graph in the DOT language for quantscope-layout. Names: n<node>, i<value>/o<value> for the input/output
    // terminals; every edge carries id=e<index into `edges`>. Sizes in inches, written without the locale.
    std::string dot = "digraph g {\n";
    dot += options.direction == LayoutDirection::LeftToRight ? "rankdir=LR;\n" : "rankdir=TB;\n";
    dot += "nodesep=0.25;\nranksep=0.42;\n";
    if (g.nodes().size() > kLargeGraphNodes) {
        // dot's x-coordinate pass (network simplex on an auxiliary graph of nodes + edges) dominates on large
        // graphs: 2.6 s of a 2,000-node model here. Capping its iterations gives nearly the same picture in 0.5 s.
        dot += "nslimit=0.1;\n";
    }
    dot += "node [shape=box, fixedsize=true, label=\"\"];\n";
    const auto addBox = [&dot](const std::string& name, QSizeF size) {
        dot += name + " [width=" + inches(size.width()) + ", height=" + inches(size.height()) + "];\n";
    };

    const size_t nodeCount = g.nodes().size();
    const std::vector<bool> folded
        = options.foldConstants ? constantOnlyNodes(g, classification) : std::vector<bool>(nodeCount, false);
    std::vector<bool> drawn(nodeCount, false);
    std::vector<int> absorbed(nodeCount, 0);
    std::vector<int> absorbedConstants(nodeCount, 0);
    for (NodeId id = 0; id < static_cast<NodeId>(nodeCount); ++id) {
        if (isHidden(classification, id, options) || folded[static_cast<size_t>(id)])
            continue;
        addBox(nodeName(id), nodeBoxSize(g.node(id)));
        drawn[static_cast<size_t>(id)] = true;
    }

    std::vector<std::pair<LayoutTerminal, std::string>> terminals;
    std::vector<bool> hasInputTerminal(g.values().size(), false);
    const auto addTerminal = [&](ValueId v, bool isInput) {
        std::string name = dotName(isInput ? 'i' : 'o', v);
        addBox(name, terminalBoxSize(g.value(v).name));
        LayoutTerminal t;
        t.value = v;
        t.isInput = isInput;
        terminals.emplace_back(t, name);
        return name;
    };
    for (ValueId v : g.inputs()) {
        addTerminal(v, true);
        hasInputTerminal[static_cast<size_t>(v)] = true;
    }

    if (options.edgeLabels) // the size Graphviz reserves for a label; EdgeItem draws it centred there
        dot += "edge [fontname=\"Helvetica\", fontsize=9];\n";
    std::vector<LayoutEdge> edges;
    const auto addEdge = [&](LayoutEdge e, const std::string& tail, const std::string& head) {
        dot += tail + " -> " + head + " [id=" + dotName('e', static_cast<int64_t>(edges.size()));
        if (options.edgeLabels)
            dot += ", label=" + dotString(g.value(e.value).type.toString());
        dot += "];\n";
        edges.push_back(std::move(e));
    };
    // The visible end of a source: its producer's box, or a graph input's terminal; empty when it starts at a constant.
    const auto tailOf = [&](const Source& s) -> std::string {
        if (s.producer != kNoNode)
            return drawn[static_cast<size_t>(s.producer)] ? nodeName(s.producer) : std::string();
        return s.fromGraphInput && hasInputTerminal[static_cast<size_t>(s.value)] ? dotName('i', s.value)
                                                                                  : std::string();
    };
    for (NodeId id = 0; id < static_cast<NodeId>(nodeCount); ++id) {
        if (!drawn[static_cast<size_t>(id)])
            continue;
        const Node& n = g.node(id);
        for (int32_t slot = 0; slot < static_cast<int32_t>(n.inputs.size()); ++slot) {
            const ValueId v = n.inputs[static_cast<size_t>(slot)];
            if (v == kNoValue || g.value(v).isConstant())
                continue;
            const Source s = resolveSource(g, classification, options, folded, v);
            absorbed[static_cast<size_t>(id)] += s.absorbed;
            absorbedConstants[static_cast<size_t>(id)] += s.constant && s.absorbed == 0 ? 1 : 0;
            const std::string tail = tailOf(s);
            if (tail.empty())
                continue; // produced by a folded constant, or a collapsed chain that starts at one
            LayoutEdge e;
            e.value = v;
            e.producer = s.producer;
            e.consumer = id;
            e.inputIndex = slot;
            // A drawn edge that passes through collapsed Q/DQ nodes crosses domains when its two ends differ.
            e.crossing = classification.isCrossing(v, id, slot)
                || (s.absorbed > 0 && crossesDomains(g.value(s.value).type.elementType, g.value(v).type.elementType));
            addEdge(std::move(e), tail, nodeName(id));
        }
    }
    for (ValueId v : g.outputs()) {
        const std::string head = addTerminal(v, false);
        const Source s = resolveSource(g, classification, options, folded, v);
        const std::string tail = tailOf(s);
        if (tail.empty())
            continue;
        LayoutEdge e;
        e.value = v;
        e.producer = s.producer;
        e.consumer = kNoNode;
        addEdge(std::move(e), tail, head);
    }
    dot += "}\n";

    auto laid = runLayoutProcess(dot, model.displayName(), cancel);
    if (!laid)
        return laid.status();
    const ProcessLayout& p = *laid;
    const auto toScene = [&p](QPointF q) { return QPointF(q.x() - p.lowerLeft.x(), p.upperRight.y() - q.y()); };
    const auto rectOf = [&](const std::string& name) -> std::optional<QRectF> {
        const auto it = p.nodes.find(name);
        if (it == p.nodes.end())
            return std::nullopt;
        const QPointF c = toScene(it->second.centre);
        const double w = it->second.widthInches * kPointsPerInch;
        const double h = it->second.heightInches * kPointsPerInch;
        return QRectF(c.x() - w / 2, c.y() - h / 2, w, h);
    };
    const auto missing = [&model](const std::string& what) {
        return Status(StatusCode::Internal,
            "Graphviz layout of " + model.displayName() + " failed: the layout process did not place " + what);
    };
    out.bounds = QRectF(0, 0, p.upperRight.x() - p.lowerLeft.x(), p.upperRight.y() - p.lowerLeft.y());
    for (NodeId id = 0; id < static_cast<NodeId>(nodeCount); ++id) {
        if (!drawn[static_cast<size_t>(id)])
            continue;
        const auto rect = rectOf(nodeName(id));
        if (!rect)
            return missing(nodeName(id));
        out.nodes.push_back(
            LayoutNode { id, *rect, absorbed[static_cast<size_t>(id)], absorbedConstants[static_cast<size_t>(id)] });
    }
    for (auto& [t, name] : terminals) {
        const auto rect = rectOf(name);
        if (!rect)
            return missing(name);
        t.rect = *rect;
        out.terminals.push_back(t);
    }
    for (size_t i = 0; i < edges.size(); ++i) {
        LayoutEdge& e = edges[i];
        const auto it = p.edges.find(dotName('e', static_cast<int64_t>(i)));
        if (it != p.edges.end()) {
            e.bezier.reserve(it->second.bezier.size());
            for (const QPointF& q : it->second.bezier)
                e.bezier.push_back(toScene(q));
            e.arrowTip = it->second.hasArrowEnd ? toScene(it->second.arrowEnd)
                                                : (e.bezier.empty() ? QPointF() : e.bezier.back());
            if (it->second.label) {
                const QRectF& l = *it->second.label; // centre and size in points
                const QPointF c = toScene(l.topLeft());
                e.labelRect = QRectF(c.x() - l.width() / 2, c.y() - l.height() / 2, l.width(), l.height());
            }
        }
        out.edges.push_back(std::move(e));
    }
    out.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (cancel && cancel->load(std::memory_order_relaxed))
        return Status(StatusCode::Cancelled, "layout cancelled");
    return out;
}

} // namespace qs::ui
