// SPDX-License-Identifier: MIT
#include "graph_scene.h"

#include "edge_item.h"
#include "node_item.h"
#include "terminal_item.h"
#include "util/qt_convert.h"

#include <QImage>
#include <QPainter>
#include <QSvgGenerator>

namespace qs::ui {

namespace {
constexpr qreal kMargin = 24.0;
}

GraphScene::GraphScene(QObject* parent)
    : QGraphicsScene(parent)
{
    setBackgroundBrush(Qt::white);
    // Items never move after layout; a BSP index would only cost time on large graphs when rebuilt.
    setItemIndexMethod(QGraphicsScene::BspTreeIndex);
    connect(this, &QGraphicsScene::selectionChanged, this, [this] { emit nodeSelected(selectedNode()); });
}

GraphScene::~GraphScene()
{
    // QGraphicsScene's destructor deletes the items after our members are gone; deleting a selected item emits
    // selectionChanged, whose receivers would then read a destroyed model. Delete them now, silently.
    blockSignals(true);
    clear();
}

void GraphScene::setModel(std::shared_ptr<const LoadedModel> model)
{
    const QSignalBlocker blocker(this);
    clear();
    m_nodeItems.clear();
    m_byId.clear();
    m_edgeItems.clear();
    m_findMatches.clear();
    m_model = std::move(model);
    if (!m_model) {
        setSceneRect(QRectF());
        return;
    }
    const Graph& g = m_model->model->graph();
    const GraphLayout& layout = m_model->layout;
    m_byId.assign(g.nodes().size(), nullptr);
    m_nodeItems.reserve(layout.nodes.size());
    for (const LayoutNode& ln : layout.nodes) {
        auto* item = new NodeItem(g.node(ln.id), ln.id, m_model->classification.category(ln.id), ln.rect,
            ln.absorbedQdq, ln.absorbedConstants);
        addItem(item);
        m_nodeItems.push_back(item);
        m_byId[static_cast<size_t>(ln.id)] = item;
    }
    for (const LayoutTerminal& t : layout.terminals) {
        const Value& v = g.value(t.value);
        const QString name = toQString(v.name);
        const QString tip = QStringLiteral("<b>%1</b> %2<br/>%3")
                                .arg(t.isInput ? tr("Input") : tr("Output"), name.toHtmlEscaped(),
                                    toQString(v.type.toString()).toHtmlEscaped());
        addItem(new TerminalItem(t.rect, name, t.isInput, tip));
    }
    m_edgeItems.reserve(layout.edges.size());
    for (const LayoutEdge& e : layout.edges) {
        const Value& v = g.value(e.value);
        const QString type = toQString(v.type.toString());
        QString tip = QStringLiteral("<b>%1</b><br/>%2").arg(toQString(v.name).toHtmlEscaped(), type.toHtmlEscaped());
        if (e.crossing)
            tip += QStringLiteral("<br/><span style='color:#d6336c'>%1</span>")
                       .arg(tr("crosses between the float and integer domains"));
        auto* item = new EdgeItem(e, type, tip);
        item->setLabelVisible(m_edgeLabels);
        addItem(item);
        m_edgeItems.push_back(item);
    }
    setSceneRect(layout.bounds.adjusted(-kMargin, -kMargin, kMargin, kMargin));
    setBoundariesOnly(m_boundariesOnly);
    setOverlay(m_overlay);
    setNodeTimes(m_times);
}

NodeItem* GraphScene::nodeItem(NodeId id) const
{
    if (id < 0 || static_cast<size_t>(id) >= m_byId.size())
        return nullptr;
    return m_byId[static_cast<size_t>(id)];
}

void GraphScene::setEdgeLabelsVisible(bool visible)
{
    m_edgeLabels = visible;
    for (EdgeItem* e : m_edgeItems)
        e->setLabelVisible(visible);
}

void GraphScene::setBoundariesOnly(bool only)
{
    m_boundariesOnly = only;
    for (NodeItem* n : m_nodeItems)
        n->setDimmed(only && !isQuantizationBoundary(n->category()));
    for (EdgeItem* e : m_edgeItems) {
        const auto touches = [this](NodeId id) {
            const NodeItem* n = nodeItem(id);
            return n && isQuantizationBoundary(n->category());
        };
        e->setDimmed(only && !e->isCrossing() && !touches(e->edge().producer) && !touches(e->edge().consumer));
    }
}

void GraphScene::setOverlay(const MetricOverlay& overlay)
{
    m_overlay = overlay;
    for (NodeItem* n : m_nodeItems) {
        n->setOverlayFill(overlay.isEmpty() ? std::nullopt : std::optional<QColor>(overlay.colorFor(n->nodeId())));
        n->setOverlayNote(overlay.note(n->nodeId()));
    }
}

void GraphScene::setNodeTimes(const NodeTimes& times)
{
    m_times = times;
    for (NodeItem* n : m_nodeItems)
        n->setTimeText(times.summary(n->nodeId()));
}

std::vector<NodeId> GraphScene::findNodes(const QString& text) const
{
    const QString needle = text.trimmed();
    if (!m_model || needle.isEmpty())
        return {};
    const Graph& g = m_model->model->graph();
    const auto valueMatches
        = [&](ValueId v) { return v != kNoValue && toQString(g.value(v).name).contains(needle, Qt::CaseInsensitive); };
    // Ranked: op type matches first ("Conv" means Conv nodes), then node names, then tensor names.
    std::vector<NodeId> byOp, byName, byTensor;
    for (NodeId id : g.topologicalOrder()) {
        if (!nodeItem(id))
            continue;
        const Node& n = g.node(id);
        if (toQString(n.opType).compare(needle, Qt::CaseInsensitive) == 0
            || toQString(n.qualifiedOpType()).compare(needle, Qt::CaseInsensitive) == 0) {
            byOp.push_back(id);
            continue;
        }
        if (toQString(n.name).contains(needle, Qt::CaseInsensitive)) {
            byName.push_back(id);
            continue;
        }
        bool match = false;
        for (size_t i = 0; !match && i < n.outputs.size(); ++i)
            match = valueMatches(n.outputs[i]);
        for (size_t i = 0; !match && i < n.inputs.size(); ++i)
            match = valueMatches(n.inputs[i]);
        if (match)
            byTensor.push_back(id);
    }
    byOp.insert(byOp.end(), byName.begin(), byName.end());
    byOp.insert(byOp.end(), byTensor.begin(), byTensor.end());
    return byOp;
}

void GraphScene::setFindMatches(const std::vector<NodeId>& ids)
{
    for (NodeId id : m_findMatches)
        if (NodeItem* n = nodeItem(id))
            n->setFindMatch(false);
    m_findMatches = ids;
    for (NodeId id : m_findMatches)
        if (NodeItem* n = nodeItem(id))
            n->setFindMatch(true);
}

NodeId GraphScene::selectedNode() const
{
    for (QGraphicsItem* item : selectedItems())
        if (item->type() == NodeItem::Type)
            return static_cast<NodeItem*>(item)->nodeId();
    return kNoNode;
}

void GraphScene::selectNode(NodeId id)
{
    NodeItem* item = nodeItem(id);
    {
        const QSignalBlocker blocker(this);
        clearSelection();
        if (item)
            item->setSelected(true);
    }
    emit nodeSelected(item ? id : kNoNode);
}

void GraphScene::render(QPainter* painter, const QRectF& target) const
{
    const_cast<GraphScene*>(this)->QGraphicsScene::render(painter, target, sceneRect());
}

bool GraphScene::exportPng(const QString& path, qreal scale, QString* error) const
{
    const QRectF r = sceneRect();
    const QSize size(qMax(1, qRound(r.width() * scale)), qMax(1, qRound(r.height() * scale)));
    // QImage is limited to 2^31 bytes; very tall graphs are scaled down rather than failing.
    const qreal limit = 32000.0;
    QSize clamped = size;
    if (size.width() > limit || size.height() > limit)
        clamped = size.scaled(QSize(int(limit), int(limit)), Qt::KeepAspectRatio);
    QImage image(clamped, QImage::Format_ARGB32_Premultiplied);
    if (image.isNull()) {
        if (error)
            *error = tr("The graph is too large for an image of %1 x %2 pixels.")
                         .arg(clamped.width())
                         .arg(clamped.height());
        return false;
    }
    image.fill(Qt::white);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);
    render(&p, QRectF(QPointF(0, 0), QSizeF(clamped)));
    p.end();
    if (!image.save(path, "PNG")) {
        if (error)
            *error = tr("Could not write %1.").arg(path);
        return false;
    }
    return true;
}

bool GraphScene::exportSvg(const QString& path, QString* error) const
{
    const QRectF r = sceneRect();
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(r.size().toSize());
    svg.setViewBox(QRectF(QPointF(0, 0), r.size()));
    svg.setTitle(m_model ? toQString(m_model->model->displayName()) : QString());
    svg.setDescription(tr("Graph exported by Quantscope"));
    QPainter p;
    if (!p.begin(&svg)) {
        if (error)
            *error = tr("Could not write %1.").arg(path);
        return false;
    }
    render(&p, QRectF(QPointF(0, 0), r.size()));
    p.end();
    return true;
}

} // namespace qs::ui
