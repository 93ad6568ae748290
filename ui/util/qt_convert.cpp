// SPDX-License-Identifier: MIT
#include "qt_convert.h"

#include <QDir>
#include <QFileInfo>
#include <QLocale>

#include <array>

namespace qs::ui {

QString displayNameForPath(const QString& path)
{
    const QFileInfo fi(path);
    if (fi.fileName() == QLatin1String("model.onnx") && !fi.dir().dirName().isEmpty())
        return fi.dir().dirName() + QStringLiteral("/model.onnx");
    return fi.fileName();
}

QString formatDecimal(double value, int decimals)
{
    QLocale locale;
    locale.setNumberOptions(locale.numberOptions() | QLocale::OmitGroupSeparator);
    return locale.toString(value, 'f', decimals);
}

QString formatBytes(qint64 bytes)
{
    static const std::array<const char*, 5> kUnits { "B", "KiB", "MiB", "GiB", "TiB" };
    double v = static_cast<double>(bytes);
    size_t unit = 0;
    while (v >= 1024.0 && unit + 1 < kUnits.size()) {
        v /= 1024.0;
        ++unit;
    }
    if (unit == 0)
        return QStringLiteral("%1 B").arg(bytes);
    return QStringLiteral("%1 %2").arg(formatDecimal(v, 1), QLatin1String(kUnits[unit]));
}

QString formatCount(qint64 count)
{
    static const std::array<const char*, 5> kSuffix { "", "k", "M", "G", "T" };
    double v = static_cast<double>(count);
    size_t s = 0;
    while (v >= 1000.0 && s + 1 < kSuffix.size()) {
        v /= 1000.0;
        ++s;
    }
    if (s == 0)
        return QString::number(count);
    return QStringLiteral("%1 %2").arg(formatDecimal(v, v < 10 ? 2 : 1), QLatin1String(kSuffix[s]));
}

} // namespace qs::ui
