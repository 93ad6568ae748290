// SPDX-License-Identifier: MIT
// ONNX operator documentation (Markdown in the schemas) as HTML for the Properties panel.
#pragma once

#include <QString>
#include <QUrl>

namespace qs::ui {

/// Where ONNX's relative documentation links point: the docs folder of the ONNX repository on GitHub.
inline constexpr char kOnnxDocsBase[] = "https://github.com/onnx/onnx/blob/main/docs/";

/// An absolute URL for a link in an ONNX schema doc: "Broadcasting.md" and "Operators.md#Reshape" are relative to
/// ONNX's docs folder, so they resolve against kOnnxDocsBase; absolute URLs stay as they are.
QUrl onnxDocUrl(const QString& href);

/// The schema's Markdown rendered to an HTML fragment (no <html>/<body>), with every link made absolute by
/// onnxDocUrl() so it opens in the browser instead of pointing nowhere.
QString schemaDocHtml(const QString& markdown);

} // namespace qs::ui
