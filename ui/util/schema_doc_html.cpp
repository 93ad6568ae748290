// SPDX-License-Identifier: MIT
#include "schema_doc_html.h"

#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>

#include <utility>
#include <vector>

namespace qs::ui {

QUrl onnxDocUrl(const QString& href)
{
    const QUrl url(href.trimmed());
    if (!url.isRelative())
        return url;
    return QUrl(QString::fromLatin1(kOnnxDocsBase)).resolved(url);
}

QString schemaDocHtml(const QString& markdown)
{
    // Qt's own Markdown reader (md4c): the ONNX texts use GitHub's dialect (tables, inline HTML such as <br>).
    QTextDocument doc;
    doc.setMarkdown(markdown, QTextDocument::MarkdownDialectGitHub);

    // Collect first, rewrite after: changing a char format while iterating would invalidate the fragments.
    std::vector<std::pair<QTextCursor, QString>> links;
    for (QTextBlock block = doc.begin(); block.isValid(); block = block.next())
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment f = it.fragment();
            if (!f.isValid() || !f.charFormat().isAnchor())
                continue;
            QTextCursor c(&doc);
            c.setPosition(f.position());
            c.setPosition(f.position() + f.length(), QTextCursor::KeepAnchor);
            links.emplace_back(c, f.charFormat().anchorHref());
        }
    for (auto& [cursor, href] : links) {
        QTextCharFormat format;
        format.setAnchor(true);
        format.setAnchorHref(onnxDocUrl(href).toString());
        cursor.mergeCharFormat(format);
    }

    // The panel builds one HTML page: keep what is inside <body>, drop the document's own head and fonts.
    const QString html = doc.toHtml();
    const qsizetype bodyTag = html.indexOf(QLatin1String("<body"));
    const qsizetype start = bodyTag < 0 ? -1 : html.indexOf(QLatin1Char('>'), bodyTag);
    const qsizetype end = html.lastIndexOf(QLatin1String("</body>"));
    if (start < 0 || end < start)
        return markdown.toHtmlEscaped();
    return html.mid(start + 1, end - start - 1).trimmed();
}

} // namespace qs::ui
