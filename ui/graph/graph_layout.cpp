// SPDX-License-Identifier: MIT
#include "graph_layout.h"

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include <algorithm>
#include <chrono>
#include <mutex>
#include <string>

namespace qs::ui {

namespace {

constexpr double kPointsPerInch = 72.0;
constexpr double kNodeHeight = 38.0;
constexpr double kTerminalHeight = 26.0;
constexpr size_t kLargeGraphNodes = 1000;

std::mutex& graphvizMutex()
{
    // Graphviz keeps global state (agraph discipline, plugin tables); one layout at a time.
    static std::mutex m;
    return m;
}

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
    ValueId value = kNoValue; ///< the value leaving the visible producer / input terminal
    int absorbed = 0;
};

// Follows a value back through collapsed Q/DQ nodes (their data input is input 0) to what is actually drawn.
Source resolveSource(const Graph& g, const NodeClassification& c, const LayoutOptions& o, ValueId v)
{
    Source s;
    s.value = v;
    for (int guard = 0; guard < 64; ++guard) {
        const Value& val = g.value(s.value);
        if (val.producer == kNoNode) {
            s.fromGraphInput = val.isGraphInput;
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

void setAttr(void* obj, const char* name, const std::string& value)
{
    agsafeset(obj, const_cast<char*>(name), const_cast<char*>(value.c_str()), const_cast<char*>(""));
}

std::string inches(double points)
{
    return std::to_string(points / kPointsPerInch);
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
    const auto cancelled = [cancel] { return cancel && cancel->load(std::memory_order_relaxed); };
    const Graph& g = model.graph();
    GraphLayout out;
    out.options = options;

    std::lock_guard lock(graphvizMutex());
    if (cancelled())
        return Status(StatusCode::Cancelled, "layout cancelled");
    const auto t0 = std::chrono::steady_clock::now();

    GVC_t* gvc = gvContext();
    Agraph_t* ag = agopen(const_cast<char*>("g"), Agdirected, nullptr);
    setAttr(ag, "rankdir", options.direction == LayoutDirection::LeftToRight ? "LR" : "TB");
    setAttr(ag, "nodesep", "0.25");
    setAttr(ag, "ranksep", "0.42");
    if (g.nodes().size() > kLargeGraphNodes) {
        // dot's x-coordinate pass (network simplex on an auxiliary graph of nodes + edges) dominates on large
        // graphs: 2.6 s of a 2,000-node model here. Capping its iterations gives nearly the same picture in 0.5 s.
        setAttr(ag, "nslimit", "0.1");
    }
    agattr(ag, AGNODE, const_cast<char*>("shape"), const_cast<char*>("box"));
    agattr(ag, AGNODE, const_cast<char*>("fixedsize"), const_cast<char*>("true"));
    agattr(ag, AGNODE, const_cast<char*>("label"), const_cast<char*>(""));

    const size_t nodeCount = g.nodes().size();
    std::vector<Agnode_t*> agNodes(nodeCount, nullptr);
    std::vector<int> absorbed(nodeCount, 0);
    for (NodeId id = 0; id < static_cast<NodeId>(nodeCount); ++id) {
        if (isHidden(classification, id, options))
            continue;
        const std::string name = "n" + std::to_string(id);
        Agnode_t* n = agnode(ag, const_cast<char*>(name.c_str()), 1);
        const QSizeF size = nodeBoxSize(g.node(id));
        setAttr(n, "width", inches(size.width()));
        setAttr(n, "height", inches(size.height()));
        agNodes[static_cast<size_t>(id)] = n;
    }

    std::vector<std::pair<LayoutTerminal, Agnode_t*>> terminals;
    std::vector<Agnode_t*> inputTerminal(g.values().size(), nullptr);
    const auto addTerminal = [&](ValueId v, bool isInput) {
        const std::string name = (isInput ? "i" : "o") + std::to_string(v);
        Agnode_t* n = agnode(ag, const_cast<char*>(name.c_str()), 1);
        const QSizeF size = terminalBoxSize(g.value(v).name);
        setAttr(n, "width", inches(size.width()));
        setAttr(n, "height", inches(size.height()));
        LayoutTerminal t;
        t.value = v;
        t.isInput = isInput;
        terminals.emplace_back(t, n);
        return n;
    };
    for (ValueId v : g.inputs())
        inputTerminal[static_cast<size_t>(v)] = addTerminal(v, true);

    std::vector<std::pair<LayoutEdge, Agedge_t*>> edges;
    const auto addEdge = [&](LayoutEdge e, Agnode_t* tail, Agnode_t* head) {
        const std::string name = "e" + std::to_string(edges.size());
        Agedge_t* ae = agedge(ag, tail, head, const_cast<char*>(name.c_str()), 1);
        edges.emplace_back(std::move(e), ae);
    };
    for (NodeId id = 0; id < static_cast<NodeId>(nodeCount); ++id) {
        Agnode_t* head = agNodes[static_cast<size_t>(id)];
        if (!head)
            continue;
        const Node& n = g.node(id);
        for (int32_t slot = 0; slot < static_cast<int32_t>(n.inputs.size()); ++slot) {
            const ValueId v = n.inputs[static_cast<size_t>(slot)];
            if (v == kNoValue || g.value(v).isConstant())
                continue;
            const Source s = resolveSource(g, classification, options, v);
            absorbed[static_cast<size_t>(id)] += s.absorbed;
            Agnode_t* tail = nullptr;
            if (s.producer != kNoNode)
                tail = agNodes[static_cast<size_t>(s.producer)];
            else if (s.fromGraphInput)
                tail = inputTerminal[static_cast<size_t>(s.value)];
            if (!tail)
                continue; // produced by a collapsed chain that starts at a constant
            LayoutEdge e;
            e.value = v;
            e.producer = s.producer;
            e.consumer = id;
            e.inputIndex = slot;
            // A drawn edge that passes through collapsed Q/DQ nodes crosses domains when its two ends differ.
            e.crossing = classification.isCrossing(v, id, slot)
                || (s.absorbed > 0 && crossesDomains(g.value(s.value).type.elementType, g.value(v).type.elementType));
            addEdge(std::move(e), tail, head);
        }
    }
    for (ValueId v : g.outputs()) {
        Agnode_t* head = addTerminal(v, false);
        const Source s = resolveSource(g, classification, options, v);
        Agnode_t* tail = s.producer != kNoNode
            ? agNodes[static_cast<size_t>(s.producer)]
            : (s.fromGraphInput ? inputTerminal[static_cast<size_t>(s.value)] : nullptr);
        if (!tail)
            continue;
        LayoutEdge e;
        e.value = v;
        e.producer = s.producer;
        e.consumer = kNoNode;
        addEdge(std::move(e), tail, head);
    }

    const int rc = gvLayout(gvc, ag, "dot");
    if (rc != 0) {
        agclose(ag);
        gvFreeContext(gvc);
        return Status(StatusCode::Internal, "Graphviz dot layout failed for " + model.displayName());
    }

    const boxf bb = GD_bb(ag);
    const auto toScene = [&bb](pointf p) { return QPointF(p.x - bb.LL.x, bb.UR.y - p.y); };
    const auto rectOf = [&](Agnode_t* n) {
        const QPointF c = toScene(ND_coord(n));
        const double w = ND_width(n) * kPointsPerInch;
        const double h = ND_height(n) * kPointsPerInch;
        return QRectF(c.x() - w / 2, c.y() - h / 2, w, h);
    };
    out.bounds = QRectF(0, 0, bb.UR.x - bb.LL.x, bb.UR.y - bb.LL.y);
    for (NodeId id = 0; id < static_cast<NodeId>(nodeCount); ++id) {
        Agnode_t* n = agNodes[static_cast<size_t>(id)];
        if (n)
            out.nodes.push_back(LayoutNode { id, rectOf(n), absorbed[static_cast<size_t>(id)] });
    }
    for (auto& [t, n] : terminals) {
        t.rect = rectOf(n);
        out.terminals.push_back(t);
    }
    for (auto& [e, ae] : edges) {
        const splines* spl = ED_spl(ae);
        if (spl && spl->size > 0) {
            const bezier& bz = spl->list[0];
            e.bezier.reserve(static_cast<size_t>(bz.size));
            for (int i = 0; i < bz.size; ++i)
                e.bezier.push_back(toScene(bz.list[i]));
            e.arrowTip = bz.eflag ? toScene(bz.ep) : (e.bezier.empty() ? QPointF() : e.bezier.back());
        }
        out.edges.push_back(std::move(e));
    }

    gvFreeLayout(gvc, ag);
    agclose(ag);
    gvFreeContext(gvc);
    out.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (cancelled())
        return Status(StatusCode::Cancelled, "layout cancelled");
    return out;
}

} // namespace qs::ui
