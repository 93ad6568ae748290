// SPDX-License-Identifier: MIT
#include "report_exporter.h"

#include "report/paged_printer.h"
#include "report/report_markdown.h"
#include "util/qt_convert.h"

#include <quantscope/engine/run_file.h>

#include <QCoreApplication>
#include <QFile>
#include <QFutureWatcher>
#include <QPdfWriter>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextImageFormat>
#include <QTextTable>
#include <QUrl>
#include <QtConcurrent/QtConcurrentRun>

namespace qs::ui {

namespace {
QUrl chartUrl(int index)
{
    return QUrl(QStringLiteral("chart:%1").arg(index));
}

// Markdown tables come without borders or padding; numbers need both to be readable on paper.
void styleTables(QTextFrame* frame)
{
    for (auto it = frame->begin(); !it.atEnd(); ++it) {
        QTextFrame* child = it.currentFrame();
        if (!child)
            continue;
        if (auto* table = qobject_cast<QTextTable*>(child)) {
            QTextTableFormat f = table->format();
            f.setBorder(0.5);
            f.setBorderStyle(QTextFrameFormat::BorderStyle_Solid);
            f.setBorderBrush(QColor(0xad, 0xb5, 0xbd));
            f.setCellPadding(3);
            f.setCellSpacing(0);
            f.setBorderCollapse(true);
            table->setFormat(f);
        }
        styleTables(child);
    }
}
} // namespace

QString ReportExporter::pdfMarkdown(const RunRecord& record, const ChartImages& charts)
{
    QString md = ReportMarkdown::build(record);
    if (charts.isEmpty())
        return md;
    QString section = QStringLiteral("## Charts\n\n");
    // Two charts per paragraph: side by side on the page.
    for (int i = 0; i < charts.size(); ++i)
        section += QStringLiteral("![%1](%2)%3")
                       .arg(charts[i].first, chartUrl(i).toString(),
                           i % 2 == 1 || i + 1 == charts.size() ? QStringLiteral("\n\n") : QStringLiteral(" "));
    // After the verdict: the first second-level heading starts the details.
    const qsizetype at = md.indexOf(QLatin1String("\n## "));
    if (at < 0)
        md += QLatin1Char('\n') + section;
    else
        md.insert(at + 1, section);
    return md;
}

QString ReportExporter::writePdf(const RunRecord& record, const ChartImages& charts, const QString& path)
{
    QTextDocument doc;
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPointSizeF(8.5);
    doc.setDefaultFont(font);
    doc.setMarkdown(pdfMarkdown(record, charts));
    // After setMarkdown, which clears the document's resources.
    for (int i = 0; i < charts.size(); ++i)
        doc.addResource(QTextDocument::ImageResource, chartUrl(i), charts[i].second);
    styleTables(doc.rootFrame());
    // Two charts side by side fill the text width; the images carry their own resolution.
    QTextCursor cursor(&doc);
    for (QTextBlock block = doc.begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (!fragment.charFormat().isImageFormat())
                continue;
            QTextImageFormat image = fragment.charFormat().toImageFormat();
            const QImage& src = charts.value(QUrl(image.name()).path().toInt()).second;
            if (src.isNull())
                continue;
            image.setWidth(360);
            image.setHeight(360.0 * src.height() / src.width());
            cursor.setPosition(fragment.position());
            cursor.setPosition(fragment.position() + fragment.length(), QTextCursor::KeepAnchor);
            cursor.setCharFormat(image);
        }
    }

    // Write to a temporary name first so a failed export never leaves half a PDF under the chosen name.
    const QString tmp = path + QStringLiteral(".part");
    {
        QPdfWriter writer(tmp);
        writer.setPageSize(QPageSize(QPageSize::A4));
        // Landscape: the latency table has sixteen columns.
        writer.setPageOrientation(QPageLayout::Landscape);
        writer.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
        writer.setResolution(300);
        writer.setTitle(QStringLiteral("Quantscope benchmark report"));
        writer.setCreator(QStringLiteral("Quantscope"));
        printPaged(doc, writer);
    }
    QFile out(tmp);
    if (!out.exists() || out.size() == 0)
        return QCoreApplication::translate("qs::ui::ReportExporter", "%1: the PDF could not be written").arg(path);
    QFile::remove(path);
    if (!out.rename(path))
        return QStringLiteral("%1: %2").arg(path, out.errorString());
    return {};
}

void ReportExporter::watch(const QString& path, const std::function<QString()>& job)
{
    const quint64 generation = ++m_generation;
    ++m_pending;
    auto* watcher = new QFutureWatcher<QString>(this);
    connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher, generation, path] {
        watcher->deleteLater();
        --m_pending;
        if (generation != m_generation)
            return;
        const QString error = watcher->result();
        if (error.isEmpty())
            emit finished(path);
        else
            emit failed(path, error);
    });
    watcher->setFuture(QtConcurrent::run(job));
}

void ReportExporter::exportMarkdown(std::shared_ptr<const RunRecord> record, const QString& path)
{
    // Phrased here, on the GUI thread, with the language the user sees.
    watch(path, [text = ReportMarkdown::build(*record).toStdString(), path] {
        const Status st = writeFileAtomically(path.toStdString(), text);
        return st ? QString() : toQString(st.toString());
    });
}

void ReportExporter::exportPdf(std::shared_ptr<const RunRecord> record, const ChartImages& charts, const QString& path)
{
    watch(path, [record, charts, path] { return writePdf(*record, charts, path); });
}

} // namespace qs::ui
