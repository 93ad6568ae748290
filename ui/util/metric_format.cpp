// SPDX-License-Identifier: MIT
#include "metric_format.h"

#include "qt_convert.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace qs::ui {

QString formatSignificant(double value, int digits)
{
    if (!std::isfinite(value))
        return QLocale().toString(value);
    // Decimals from the magnitude: 'g' would switch to "1.2e-05" for small times, which nobody reads at a glance.
    const double magnitude = value == 0.0 ? 0.0 : std::floor(std::log10(std::abs(value)));
    const int decimals = std::clamp(digits - 1 - static_cast<int>(magnitude), 0, 6);
    return formatDecimal(value, decimals);
}

QString formatMilliseconds(double ms)
{
    return formatSignificant(ms) + QStringLiteral("\u00a0ms");
}

QString formatPercent(double percent)
{
    // One decimal is enough for shares of a few percent and more; smaller ones keep two significant digits.
    const QString number
        = std::abs(percent) >= 1.0 || percent == 0.0 ? formatDecimal(percent, 1) : formatSignificant(percent, 2);
    return number + QStringLiteral("\u00a0%");
}

QString formatMetricValue(double value, const QString& unit)
{
    if (unit == QLatin1String("ms"))
        return formatMilliseconds(value);
    if (unit == QLatin1String("%"))
        return formatPercent(value);
    if (unit == QLatin1String("B"))
        return formatBytes(static_cast<qint64>(std::llround(value)));
    if (unit.isEmpty())
        return std::abs(value) >= 10000.0 ? formatCount(static_cast<qint64>(std::llround(value)))
                                          : formatSignificant(value, 4);
    return formatSignificant(value) + QChar(0x00a0) + unit;
}

} // namespace qs::ui
