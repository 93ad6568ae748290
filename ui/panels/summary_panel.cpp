// SPDX-License-Identifier: MIT
#include "summary_panel.h"

#include "util/qt_convert.h"
#include "util/quant_format_text.h"

#include <QFileInfo>

namespace qs::ui {

namespace {

QString esc(const std::string& s)
{
    return toQString(s).toHtmlEscaped();
}

struct Facts
{
    int64_t params = 0;
    int64_t paramBytes = 0;
};

Facts facts(const LoadedModel& lm)
{
    Facts f;
    for (const Tensor& t : lm.model->graph().initializers()) {
        f.params += t.elementCount();
        f.paramBytes += static_cast<int64_t>(t.byteSize());
    }
    // PyTorch's QDQ export stores weights as Constant nodes; they are parameters all the same.
    for (const Node& n : lm.model->graph().nodes()) {
        if (n.opType != "Constant" || !n.domain.empty())
            continue;
        if (const Attribute* a = n.attribute("value"); a && a->type == AttributeType::Tensor) {
            f.params += a->t.elementCount();
            f.paramBytes += static_cast<int64_t>(a->t.byteSize());
        }
    }
    return f;
}

QString ioList(const Graph& g, const std::vector<ValueId>& ids)
{
    QStringList items;
    for (ValueId v : ids)
        items << QStringLiteral("<span style='font-family:monospace'>%1</span>&nbsp;%2")
                     .arg(esc(g.value(v).name), esc(g.value(v).type.toString()));
    return items.join(QStringLiteral("<br/>"));
}

} // namespace

SummaryPanel::SummaryPanel(QWidget* parent)
    : QTextBrowser(parent)
{
    document()->setDefaultStyleSheet(
        QStringLiteral("th { text-align: left; color: #495057; padding: 3px 8px 3px 0; vertical-align: top; }"
                       "td { padding: 3px 10px 3px 0; vertical-align: top; } .dim { color: #868e96; }"));
    setResult({});
}

void SummaryPanel::setResult(const LoadResult& result)
{
    if (!result.primary) {
        setHtml(QStringLiteral("<p class='dim'>%1</p>")
                    .arg(tr("No model open. Use File \u2192 Open (Ctrl+O), drop an .onnx file here, or open an FP32 "
                            "and an INT8 model side by side with File \u2192 Open Pair.")));
        return;
    }
    std::vector<const LoadedModel*> models { result.primary.get() };
    if (result.secondary)
        models.push_back(result.secondary.get());
    QString html = QStringLiteral("<table>");
    if (result.isPair())
        html += QStringLiteral("<tr><th></th><th>%1</th><th>%2</th></tr>").arg(tr("FP32"), tr("Quantized"));
    const auto row = [&](const QString& key, const std::function<QString(const LoadedModel&)>& value) {
        html += QStringLiteral("<tr><th>%1</th>").arg(key);
        for (const LoadedModel* m : models)
            html += QStringLiteral("<td>%1</td>").arg(value(*m));
        html += QStringLiteral("</tr>");
    };
    row(tr("File"), [](const LoadedModel& m) {
        return QStringLiteral("<b>%1</b><br/><span class='dim'>%2</span>")
            .arg(QFileInfo(m.path).fileName().toHtmlEscaped(), QFileInfo(m.path).absolutePath().toHtmlEscaped());
    });
    row(tr("Quantization"),
        [](const LoadedModel& m) { return QStringLiteral("<b>%1</b>").arg(quantFormatText(m.analysis->format)); });
    row(tr("Nodes"), [](const LoadedModel& m) {
        return tr("%1 (%2 quantization boundaries)").arg(m.model->graph().nodes().size()).arg(m.boundaryNodeCount());
    });
    row(tr("Inputs"), [](const LoadedModel& m) { return ioList(m.model->graph(), m.model->graph().inputs()); });
    row(tr("Outputs"), [](const LoadedModel& m) { return ioList(m.model->graph(), m.model->graph().outputs()); });
    row(tr("File size"), [](const LoadedModel& m) {
        QString s = formatBytes(m.model->fileSizeBytes);
        if (m.model->externalDataBytes > 0)
            s += tr(" + %1 external data").arg(formatBytes(m.model->externalDataBytes));
        return s;
    });
    row(tr("Parameters"), [](const LoadedModel& m) {
        const Facts f = facts(m);
        return tr("%1 (%2)").arg(formatCount(f.params), formatBytes(f.paramBytes));
    });
    row(tr("MACs"), [](const LoadedModel& m) {
        const ModelAnalysis& a = *m.analysis;
        if (a.totalMacs)
            return formatCount(*a.totalMacs);
        if (a.macsKnown > 0)
            return tr("\u2265 %1 (%2 nodes with unknown shapes)").arg(formatCount(a.macsKnown)).arg(a.macNodesUnknown);
        return QStringLiteral("<span class='dim'>%1</span>").arg(tr("not computed by this build's analysis"));
    });
    row(tr("Opsets"), [](const LoadedModel& m) {
        QStringList items;
        for (const OpsetImport& o : m.model->opsetImports)
            items << QStringLiteral("%1 %2")
                         .arg(o.domain.empty() ? QStringLiteral("ai.onnx") : esc(o.domain))
                         .arg(o.version);
        return items.join(QStringLiteral("<br/>"));
    });
    row(tr("IR version"), [](const LoadedModel& m) { return QString::number(m.model->irVersion); });
    row(tr("Producer"), [](const LoadedModel& m) {
        return QStringLiteral("%1 %2").arg(esc(m.model->producerName), esc(m.model->producerVersion));
    });
    row(tr("Shape inference"), [](const LoadedModel& m) {
        const ShapeInferenceReport& s = m.model->shapeInference;
        if (!s.ran)
            return tr("not run");
        if (!s.succeeded)
            return tr("failed: %1").arg(esc(s.message));
        return tr("%1 of %2 tensors with known shape").arg(s.valuesWithShape).arg(s.valuesTotal);
    });
    row(tr("Load time"), [](const LoadedModel& m) {
        return tr("%1 ms load, %2 ms analysis, %3 ms layout")
            .arg(m.loadMs, 0, 'f', 0)
            .arg(m.analysisMs, 0, 'f', 0)
            .arg(m.layout.milliseconds, 0, 'f', 0);
    });
    html += QStringLiteral("</table>");
    for (const LoadedModel* m : models) {
        for (const std::string& w : m->model->warnings)
            html += QStringLiteral("<p style='color:#e8590c'>%1</p>").arg(esc(w));
    }
    setHtml(html);
}

} // namespace qs::ui
