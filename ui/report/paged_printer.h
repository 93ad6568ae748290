// SPDX-License-Identifier: MIT
// Prints a QTextDocument page by page on a paged device (the PDF report), like QTextDocument::print, but from one
// layout this code can inspect: print() lays out a private copy, so nothing can ask where its pages break. With that
// layout, a section heading that would end a page moves to the next one, with its table or paragraph.
#pragma once

#include <functional>

class QPagedPaintDevice;
class QTextDocument;

namespace qs::ui {

/// Asked before each page is painted (page counts from 0), once more with page == pages after the last, and with
/// pages == 0 while headings are still being moved (before the page count is known); false stops printing there. Lets a
/// background export report progress and be cancelled between pages.
using PageCallback = std::function<bool(int page, int pages)>;

/// Paginates `doc` for `device` (2 cm margins inside the device's page, as print() uses), keeps headings with what
/// follows them, and paints the pages with their numbers. Returns the number of pages, or -1 when `onPage` stopped it
/// (the device then holds the pages painted so far: the caller discards the file). `doc` stays paginated.
int printPaged(QTextDocument& doc, QPagedPaintDevice& device, const PageCallback& onPage = {});

} // namespace qs::ui
