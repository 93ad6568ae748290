// SPDX-License-Identifier: MIT
#include "properties_panel.h"

#include "graph/node_style.h"
#include "util/metric_format.h"
#include "util/qt_convert.h"
#include "util/schema_doc_html.h"
#include "util/weight_stats.h"

#include <quantscope/engine/op_schema_docs.h>

#include <QCoreApplication>
#include <QDesktopServices>
#include <QImage>
#include <QPainter>
#include <QUrl>

#include <algorithm>

namespace qs::ui {

namespace {

constexpr int64_t kMaxListedValues = 16;
constexpr int64_t kMinWeightElements = 16;

QString esc(const std::string& s)
{
    return toQString(s).toHtmlEscaped();
}

bool isQuantParamName(const std::string& name)
{
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    return lower.find("scale") != std::string::npos || lower.find("zero_point") != std::string::npos;
}

QString formatNumber(double v)
{
    return QString::number(v, 'g', 7);
}

QString tensorValues(const Tensor& t)
{
    QStringList items;
    const int64_t n = t.elementCount();
    for (int64_t i = 0; i < std::min(n, kMaxListedValues); ++i)
        items << formatNumber(t.valueAsDouble(i));
    QString text = items.join(QStringLiteral(", "));
    if (n > kMaxListedValues)
        text += QCoreApplication::translate("qs::ui::PropertiesPanel", ", ... (%1 values)").arg(n);
    return t.rank() == 0 ? text : QStringLiteral("[%1]").arg(text);
}

QImage histogramImage(const WeightStats& s)
{
    QImage img(280, 56, QImage::Format_ARGB32_Premultiplied);
    img.fill(Qt::white);
    QPainter p(&img);
    const int64_t peak
        = s.histogram.empty() ? 1 : std::max<int64_t>(1, *std::max_element(s.histogram.begin(), s.histogram.end()));
    const double w = 280.0 / static_cast<double>(std::max<size_t>(1, s.histogram.size()));
    for (size_t i = 0; i < s.histogram.size(); ++i) {
        const double h = 50.0 * static_cast<double>(s.histogram[i]) / static_cast<double>(peak);
        p.fillRect(QRectF(static_cast<double>(i) * w + 0.5, 54.0 - h, w - 1.0, h), QColor(0x3b, 0x6e, 0xb0));
    }
    p.setPen(QColor(0xad, 0xb5, 0xbd));
    p.drawLine(0, 54, 280, 54);
    return img;
}

} // namespace

PropertiesPanel::PropertiesPanel(QWidget* parent)
    : QTextBrowser(parent)
{
    // Clicking a link must not replace the panel's page; web links (the ONNX docs) open in the browser.
    setOpenLinks(false);
    connect(this, &QTextBrowser::anchorClicked, this, [](const QUrl& url) {
        if (url.scheme() == QLatin1String("https") || url.scheme() == QLatin1String("http"))
            QDesktopServices::openUrl(url);
    });
    document()->setDefaultStyleSheet(QStringLiteral(
        "h2 { margin-bottom: 2px; } h3 { margin-top: 14px; margin-bottom: 4px; color: #343a40; }"
        "table { border-collapse: collapse; } td, th { padding: 2px 6px; } th { text-align: left; color: #495057; }"
        ".dim { color: #868e96; } .doc { color: #343a40; } .mono { font-family: monospace; }"));
    showNode(nullptr, kNoNode);
}

void PropertiesPanel::showNode(std::shared_ptr<const LoadedModel> model, NodeId id)
{
    m_model = std::move(model);
    m_node = id;
    if (!m_model || id == kNoNode) {
        setHtml(QStringLiteral("<p class='dim'>%1</p>")
                    .arg(tr("Click a node in the graph to see its operator documentation, attributes, tensors, "
                            "quantization parameters and weight statistics.")));
        return;
    }
    setHtml(nodeHtml(*m_model, id));
}

void PropertiesPanel::setNodeTimes(const NodeTimes& times)
{
    m_times = times;
    showNode(m_model, m_node);
}

QString PropertiesPanel::timeHtml(NodeId id) const
{
    if (m_times.isEmpty())
        return {};
    QString html = QStringLiteral("<h3>%1</h3>").arg(tr("Measured time"));
    const auto t = m_times.time(id);
    if (!t)
        return html
            + QStringLiteral("<p class='dim'>%1</p>")
                  .arg(tr("The profile has no time for this node: the runtime fused it into another kernel or did "
                          "not run it."));
    html += QStringLiteral("<table><tr><th>%1</th><td><b>%2</b></td></tr><tr><th>%3</th><td><b>%4</b> %5</td></tr>")
                .arg(tr("Mean time per run"), formatMilliseconds(t->meanMs), tr("Share of the total"),
                    formatPercent(t->share * 100.0),
                    tr("of %1").arg(formatMilliseconds(m_times.totalMs())).toHtmlEscaped());
    if (!m_times.label().isEmpty())
        html += QStringLiteral("<tr><th>%1</th><td>%2</td></tr>").arg(tr("Profile"), m_times.label().toHtmlEscaped());
    return html + QStringLiteral("</table>");
}

QString PropertiesPanel::nodeHtml(const LoadedModel& lm, NodeId id)
{
    const Graph& g = lm.model->graph();
    const Node& n = g.node(id);
    const NodeCategory category = lm.classification.category(id);
    const CategoryStyle style = categoryStyle(category);
    const auto schema = opSchemaDoc(n.opType, n.domain, n.opsetVersion);
    QString html;
    html += QStringLiteral("<h2>%1</h2><p><span style='background-color:%2; color:%3'>&nbsp;%4&nbsp;</span>&nbsp; "
                           "<span class='mono'>%5</span></p>")
                .arg(esc(n.opType), style.fill.name(), style.accent.darker(120).name(),
                    categoryDisplayName(category).toHtmlEscaped(), esc(n.name));
    html += QStringLiteral("<table>");
    const auto row = [&html](const QString& k, const QString& v) {
        html += QStringLiteral("<tr><th>%1</th><td>%2</td></tr>").arg(k, v);
    };
    row(tr("Domain"), n.domain.empty() ? QStringLiteral("ai.onnx") : esc(n.domain));
    row(tr("Opset"), QString::number(n.opsetVersion));
    if (schema && schema->sinceVersion > 0)
        row(tr("Definition"), tr("since opset %1").arg(schema->sinceVersion));
    html += QStringLiteral("</table>");
    html += timeHtml(id);

    if (schema && !schema->doc.empty()) {
        html += QStringLiteral("<h3>%1</h3><div class='doc'>%2</div>")
                    .arg(schema->builtIn ? tr("Documentation (Quantscope's summary; libonnx has no schema)")
                                         : tr("Documentation (ONNX schema)"),
                        schemaDocHtml(toQString(schema->doc).trimmed()));
    } else {
        html += QStringLiteral("<h3>%1</h3><p class='dim'>%2</p>")
                    .arg(tr("Documentation"), tr("No schema is known for this operator."));
    }

    if (!n.attributes.empty()) {
        html += QStringLiteral("<h3>%1</h3><table>").arg(tr("Attributes"));
        for (const Attribute& a : n.attributes)
            html += QStringLiteral("<tr><th>%1</th><td class='mono'>%2</td></tr>")
                        .arg(esc(a.name), esc(a.toDisplayString()));
        html += QStringLiteral("</table>");
    }

    const auto formalName = [&](bool input, size_t i) -> std::string {
        if (!schema)
            return {};
        const auto& params = input ? schema->inputs : schema->outputs;
        if (i < params.size())
            return params[i].name;
        if (!params.empty() && params.back().variadic)
            return params.back().name;
        return {};
    };
    QString quant;
    QString weights;
    int histogramIndex = 0;
    const auto tensorTable = [&](bool input) {
        const auto& list = input ? n.inputs : n.outputs;
        html += QStringLiteral("<h3>%1</h3><table>").arg(input ? tr("Inputs") : tr("Outputs"));
        for (size_t i = 0; i < list.size(); ++i) {
            const ValueId v = list[i];
            const std::string formal = formalName(input, i);
            if (v == kNoValue) {
                html += QStringLiteral("<tr><th>%1 %2</th><td class='dim'>%3</td></tr>")
                            .arg(i)
                            .arg(esc(formal), tr("(omitted)"));
                continue;
            }
            const Value& val = g.value(v);
            const Tensor* constant = input ? constantTensor(g, v) : nullptr;
            html += QStringLiteral("<tr><th>%1 %2</th><td><span class='mono'>%3</span><br/>"
                                   "<span class='mono' style='color:#1c7ed6'>%4</span>%5</td></tr>")
                        .arg(i)
                        .arg(esc(formal), esc(val.name), esc(val.type.toString()),
                            constant ? QStringLiteral(" <span class='dim'>%1</span>").arg(tr("constant")) : QString());
            if (!constant)
                continue;
            const bool quantParam = isQuantParamName(formal)
                || (formal.empty() && isQuantizationBoundary(category) && constant->elementCount() <= kMaxListedValues);
            if (quantParam) {
                quant += QStringLiteral("<tr><th>%1</th><td class='mono'>%2</td><td class='dim'>%3</td></tr>")
                             .arg(formal.empty() ? esc(val.name) : esc(formal), tensorValues(*constant),
                                 toQString(dataTypeName(constant->dataType())));
            } else if (constant->elementCount() >= kMinWeightElements) {
                const WeightStats s = computeWeightStats(*constant);
                const QString url = QStringLiteral("qs-histogram://%1").arg(histogramIndex++);
                document()->addResource(QTextDocument::ImageResource, QUrl(url), histogramImage(s));
                weights += QStringLiteral("<p><b>%1</b> <span class='mono'>%2</span> %3<br/>"
                                          "<table><tr><th>%4</th><td>%5</td><th>%6</th><td>%7</td></tr>"
                                          "<tr><th>%8</th><td>%9</td><th>%10</th><td>%11</td></tr>"
                                          "<tr><th>%12</th><td>%13 %</td><th>%14</th><td>%15</td></tr></table>"
                                          "<img src='%16'/></p>")
                               .arg(formal.empty() ? tr("Input %1").arg(i) : esc(formal), esc(val.name),
                                   toQString(dataTypeName(constant->dataType())), tr("min"), formatNumber(s.min),
                                   tr("max"), formatNumber(s.max), tr("mean"), formatNumber(s.mean), tr("std"))
                               .arg(formatNumber(s.stddev), tr("sparsity"), QString::number(s.sparsity * 100, 'f', 2),
                                   tr("elements"), QString::number(s.count), url);
            }
        }
        html += QStringLiteral("</table>");
    };
    tensorTable(true);
    tensorTable(false);
    if (!quant.isEmpty())
        html += QStringLiteral("<h3>%1</h3><table>%2</table>").arg(tr("Quantization parameters"), quant);
    else if (isQuantizationBoundary(category))
        html += QStringLiteral("<h3>%1</h3><p class='dim'>%2</p>")
                    .arg(tr("Quantization parameters"),
                        tr("Not constants in the file: other nodes compute them at run time."));
    if (!weights.isEmpty())
        html += QStringLiteral("<h3>%1</h3>%2").arg(tr("Weight statistics"), weights);
    if (!n.docString.empty())
        html += QStringLiteral("<h3>%1</h3><p>%2</p>").arg(tr("Node documentation"), esc(n.docString));
    return html;
}

} // namespace qs::ui
