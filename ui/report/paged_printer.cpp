// SPDX-License-Identifier: MIT
#include "paged_printer.h"

#include <QAbstractTextDocumentLayout>
#include <QPagedPaintDevice>
#include <QPainter>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextTable>

#include <algorithm>
#include <cmath>

namespace qs::ui {

namespace {

/// Where the content after a heading starts and how much of it must share the heading's page: a table's first rows
/// (tables break between rows), else the next block's first lines.
QRectF followingRect(QAbstractTextDocumentLayout* layout, const QTextBlock& next, qreal lineHeight)
{
    const auto start = [&](const QTextBlock& block) {
        QRectF rect = layout->blockBoundingRect(block);
        if (QTextTable* table = QTextCursor(block).currentTable())
            rect = layout->frameBoundingRect(table);
        rect.setHeight(std::min(rect.height(), 2.5 * lineHeight));
        return rect;
    };
    QRectF rect = start(next);
    // A sentence that introduces a table ("Source: ..."): the table's first rows stay with the heading too.
    const QTextBlock after = next.next();
    if (!QTextCursor(next).currentTable() && after.isValid() && QTextCursor(after).currentTable())
        rect = rect.united(start(after));
    return rect;
}

/// False when `onPage` asked to stop (checked once per heading: each may relayout the rest of the document).
bool keepHeadingsWithNext(QTextDocument& doc, qreal pageHeight, qreal margin, const PageCallback& onPage)
{
    QAbstractTextDocumentLayout* layout = doc.documentLayout();
    const auto pageOf = [pageHeight](qreal y) { return int(std::floor(y / pageHeight)); };
    for (QTextBlock block = doc.begin(); block.isValid(); block = block.next()) {
        const QTextBlockFormat format = block.blockFormat();
        if (format.headingLevel() <= 0 || format.pageBreakPolicy() != QTextFormat::PageBreak_Auto)
            continue;
        if (onPage && !onPage(0, 0))
            return false;
        const QTextBlock next = block.next();
        if (!next.isValid())
            break;
        // Asked one heading at a time: each break moves everything after it, and the layout follows.
        const QRectF heading = layout->blockBoundingRect(block);
        const int page = pageOf(heading.top());
        if (heading.top() - page * pageHeight < margin + heading.height())
            continue; // already first on its page
        // The text area ends a margin above the page's end.
        if (followingRect(layout, next, heading.height()).bottom() <= (page + 1) * pageHeight - margin)
            continue;
        QTextBlockFormat moved = format;
        moved.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
        QTextCursor(block).setBlockFormat(moved);
    }
    return true;
}

} // namespace

int printPaged(QTextDocument& doc, QPagedPaintDevice& device, const PageCallback& onPage)
{
    // Laid out on the device, so that the positions asked above are the printed ones. Frame margins are given in
    // 1/96 inch, as print() gives them; the layout scales them to the device (a 300 dpi PDF: ×3.125).
    QAbstractTextDocumentLayout* layout = doc.documentLayout();
    layout->setPaintDevice(&device);
    constexpr qreal kMarginInch = 2 / 2.54;
    QTextFrameFormat frame = doc.rootFrame()->frameFormat();
    frame.setMargin(kMarginInch * 96);
    doc.rootFrame()->setFrameFormat(frame);
    const qreal margin = kMarginInch * device.logicalDpiY(); // in device pixels
    const QSizeF page(device.width(), device.height());
    doc.setPageSize(page);
    if (!keepHeadingsWithNext(doc, page.height(), margin, onPage))
        return -1;

    QPainter painter(&device);
    // One complete layout with the breaks: the incremental relayouts after each break leave the layout's index of
    // where blocks start (used to find what a page shows) short of the end, and later pages would print blank.
    doc.markContentsDirty(0, doc.characterCount());
    const int pages = doc.pageCount();
    const QFontMetricsF metrics(doc.defaultFont(), &device);
    for (int i = 0; i < pages; ++i) {
        if (onPage && !onPage(i, pages))
            return -1;
        if (i > 0)
            device.newPage();
        painter.save();
        painter.translate(0, -i * page.height());
        QAbstractTextDocumentLayout::PaintContext context;
        context.clip = QRectF(0, i * page.height(), page.width(), page.height());
        context.palette.setColor(QPalette::Text, Qt::black);
        painter.setClipRect(context.clip);
        layout->draw(&painter, context);
        painter.restore();
        // The page number under the text's bottom right corner, where print() puts it.
        const QString number = QString::number(i + 1);
        painter.setFont(doc.defaultFont());
        painter.drawText(QPointF(page.width() - margin - metrics.horizontalAdvance(number),
                             page.height() - margin + metrics.ascent() + 5 * device.logicalDpiY() / 72.0),
            number);
    }
    if (onPage && !onPage(pages, pages))
        return -1;
    return pages;
}

} // namespace qs::ui
