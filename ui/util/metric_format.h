// SPDX-License-Identifier: MIT
// Numbers of per-node metrics (times, shares, bytes, counts) as the user reads them: in the UI locale, with units.
#pragma once

#include <QString>

namespace qs::ui {

/// `value` with `digits` significant digits in the UI locale, never in exponent notation ("0,0123", "1.234").
QString formatSignificant(double value, int digits = 3);
/// "1.23 ms", "0.0456 ms", "123 ms" (German "1,23 ms").
QString formatMilliseconds(double ms);
/// `percent` given in percent (0..100): "12.3 %", "0.05 %".
QString formatPercent(double percent);
/// A metric value with its unit symbol: "ms" and "%" as above, "B" as binary bytes, no unit as a count with SI
/// suffix for large values, anything else as "<number> <unit>".
QString formatMetricValue(double value, const QString& unit);

} // namespace qs::ui
