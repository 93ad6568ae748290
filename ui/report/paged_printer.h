// SPDX-License-Identifier: MIT
// Prints a QTextDocument page by page on a paged device (the PDF report), like QTextDocument::print, but from one
// layout this code can inspect: print() lays out a private copy, so nothing can ask where its pages break. With that
// layout, a section heading that would end a page moves to the next one, with its table or paragraph.
#pragma once

class QPagedPaintDevice;
class QTextDocument;

namespace qs::ui {

/// Paginates `doc` for `device` (2 cm margins inside the device's page, as print() uses), keeps headings with what
/// follows them, and paints the pages with their numbers. Returns the number of pages; `doc` stays paginated.
int printPaged(QTextDocument& doc, QPagedPaintDevice& device);

} // namespace qs::ui
