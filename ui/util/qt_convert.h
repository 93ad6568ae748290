// SPDX-License-Identifier: MIT
// Conversions between the engine's std types and Qt's, in one place.
#pragma once

#include <QString>

#include <string>
#include <string_view>

namespace qs::ui {

inline QString toQString(const std::string& s)
{
    return QString::fromStdString(s);
}
inline QString toQString(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

/// A decimal number in the UI locale ("0,083" under German), never digit-grouped so table columns line up.
QString formatDecimal(double value, int decimals);
/// "resnet18/model.onnx" for the common <case>/model.onnx layout, else the file name.
QString displayNameForPath(const QString& path);
/// "12.3 MiB", "512 B": binary units, one decimal.
QString formatBytes(qint64 bytes);
/// "3.21 G", "11.7 M", "950": SI suffixes for counts such as MACs and parameters.
QString formatCount(qint64 count);

} // namespace qs::ui
