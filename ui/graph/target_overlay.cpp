// SPDX-License-Identifier: MIT
#include "target_overlay.h"

#include "util/target_text.h"

#include <QCoreApplication>

namespace qs::ui {

MetricOverlay targetVerdictOverlay(const TargetReport& report, const QString& title)
{
    const bool parser = report.kind == TargetTableKind::ParserSupportList;
    const bool ep = report.kind == TargetTableKind::EpSupportList;
    std::vector<int> present(static_cast<size_t>(VerdictCategory::Count), 0);
    for (const NodeTargetResult& n : report.nodes)
        ++present[static_cast<size_t>(TargetText::verdictCategory(n))];
    // The legend lists the categories this kind of target can produce (fallbacks only on an execution provider),
    // in the order of VerdictCategory.
    std::vector<MetricOverlay::Category> categories;
    std::vector<int> indexOf(static_cast<size_t>(VerdictCategory::Count), -1);
    for (int c = 0; c < static_cast<int>(VerdictCategory::Count); ++c) {
        const auto category = static_cast<VerdictCategory>(c);
        const bool fallback
            = category == VerdictCategory::FallsBack || category == VerdictCategory::FallsBackNoCpuKernel;
        if (fallback && !ep && present[static_cast<size_t>(c)] == 0)
            continue;
        indexOf[static_cast<size_t>(c)] = static_cast<int>(categories.size());
        categories.push_back(
            { TargetText::verdictCategoryText(category, parser), TargetText::verdictCategoryColor(category), 0 });
    }
    std::unordered_map<NodeId, int> nodeCategory;
    std::unordered_map<NodeId, QString> notes;
    for (const NodeTargetResult& n : report.nodes) {
        nodeCategory.emplace(n.node, indexOf[static_cast<size_t>(TargetText::verdictCategory(n))]);
        notes.emplace(n.node, QStringLiteral("%1: %2").arg(title, TargetText::nodeVerdictNote(n, parser)));
    }
    return MetricOverlay::categorical(QCoreApplication::translate("qs::ui::TargetOverlay", "Verdict on %1").arg(title),
        std::move(categories), std::move(nodeCategory), std::move(notes));
}

} // namespace qs::ui
