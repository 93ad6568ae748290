// SPDX-License-Identifier: MIT
// How the Targets view and the graph's verdict overlay name and colour a deployment target's verdicts. The reasons
// themselves come from the engine's classification (English, quoting the tables) and are shown as they are.
#pragma once

#include <quantscope/engine/targets.h>

#include <QColor>
#include <QCoreApplication>
#include <QString>

namespace qs::ui {

/// The overlay's and the node table's categories: the engine's node verdicts, split where the consequence differs
/// (a fallback the CPU provider has no kernel for stops the load; a known restriction fails at run time).
enum class VerdictCategory
{
    Runs,
    FallsBack,
    FallsBackNoCpuKernel,
    NoKernel,
    FailsAtRunTime,
    Unknown,
    Count
};

class TargetText
{
    Q_DECLARE_TR_FUNCTIONS(qs::ui::TargetText)

public:
    static VerdictCategory verdictCategory(const NodeTargetResult& node);
    /// "runs", "falls back to the CPU provider", ... ; `parser` words NoKernel as "unsupported" (the conversion fails).
    static QString verdictCategoryText(VerdictCategory category, bool parser);
    /// Okabe-Ito colours (readable with the common colour-vision deficiencies), one per category.
    static QColor verdictCategoryColor(VerdictCategory category);

    /// A node's verdict on its own: "runs", "falls back", "no kernel" ("unsupported" for a parser), "unknown".
    static QString nodeVerdictText(NodeVerdict verdict, bool parser);
    /// A whole target's verdict: "runs", "falls back", "cannot load" ("cannot convert" for a parser), "unknown".
    static QString targetVerdictText(TargetVerdict verdict, bool parser);
    static QColor targetVerdictColor(TargetVerdict verdict);
    /// One tooltip line for a node: its verdict, the reason, and for a fallback what the CPU provider does with it.
    static QString nodeVerdictNote(const NodeTargetResult& node, bool parser);
};

} // namespace qs::ui
