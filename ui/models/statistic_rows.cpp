// SPDX-License-Identifier: MIT
#include "statistic_rows.h"

#include <QCoreApplication>

#include <array>

namespace qs::ui {

namespace {
// In the order of Statistic.
constexpr std::array<const char*, size_t(Statistic::Status) + 1> kLabels {
    QT_TRANSLATE_NOOP("qs::ui::StatisticRows", "Measured runs"),
    QT_TRANSLATE_NOOP("qs::ui::StatisticRows", "Median ms"),
    QT_TRANSLATE_NOOP("qs::ui::StatisticRows", "P95 ms"),
    QT_TRANSLATE_NOOP("qs::ui::StatisticRows", "IQR ms"),
    QT_TRANSLATE_NOOP("qs::ui::StatisticRows", "Mean ms"),
    QT_TRANSLATE_NOOP("qs::ui::StatisticRows", "Std dev ms"),
    QT_TRANSLATE_NOOP("qs::ui::StatisticRows", "CV"),
    QT_TRANSLATE_NOOP("qs::ui::StatisticRows", "Min ms"),
    QT_TRANSLATE_NOOP("qs::ui::StatisticRows", "Max ms"),
    QT_TRANSLATE_NOOP("qs::ui::StatisticRows", "P99 ms"),
    QT_TRANSLATE_NOOP("qs::ui::StatisticRows", "FPS"),
    QT_TRANSLATE_NOOP("qs::ui::StatisticRows", "First run ms"),
    QT_TRANSLATE_NOOP("qs::ui::StatisticRows", "Preparation ms"),
    QT_TRANSLATE_NOOP("qs::ui::StatisticRows", "Peak RSS"),
    QT_TRANSLATE_NOOP("qs::ui::StatisticRows", "Status"),
};
} // namespace

QString statisticLabel(Statistic statistic)
{
    return QCoreApplication::translate("qs::ui::StatisticRows", kLabels[size_t(statistic)]);
}

} // namespace qs::ui
