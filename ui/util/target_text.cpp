// SPDX-License-Identifier: MIT
#include "target_text.h"

#include "qt_convert.h"

namespace qs::ui {

VerdictCategory TargetText::verdictCategory(const NodeTargetResult& node)
{
    switch (node.verdict) {
    case NodeVerdict::Runs:
        return node.runtimeFailures.empty() ? VerdictCategory::Runs : VerdictCategory::FailsAtRunTime;
    case NodeVerdict::FallsBack:
        if (node.cpuVerdict == NodeVerdict::NoKernel)
            return VerdictCategory::FallsBackNoCpuKernel;
        return node.runtimeFailures.empty() ? VerdictCategory::FallsBack : VerdictCategory::FailsAtRunTime;
    case NodeVerdict::NoKernel:
        return VerdictCategory::NoKernel;
    case NodeVerdict::Unknown:
        break;
    }
    return VerdictCategory::Unknown;
}

QString TargetText::verdictCategoryText(VerdictCategory category, bool parser)
{
    switch (category) {
    case VerdictCategory::Runs:
        return tr("runs");
    case VerdictCategory::FallsBack:
        return tr("falls back to the CPU provider");
    case VerdictCategory::FallsBackNoCpuKernel:
        return tr("falls back, no CPU kernel: cannot load");
    case VerdictCategory::NoKernel:
        return parser ? tr("unsupported: conversion fails") : tr("no kernel: cannot load");
    case VerdictCategory::FailsAtRunTime:
        return tr("fails at run time");
    case VerdictCategory::Unknown:
    case VerdictCategory::Count:
        break;
    }
    return tr("unknown");
}

QColor TargetText::verdictCategoryColor(VerdictCategory category)
{
    switch (category) {
    case VerdictCategory::Runs:
        return QColor(0x56, 0xb4, 0xe9); // sky blue
    case VerdictCategory::FallsBack:
        return QColor(0xe6, 0x9f, 0x00); // orange
    case VerdictCategory::FallsBackNoCpuKernel:
        return QColor(0xcc, 0x79, 0xa7); // reddish purple
    case VerdictCategory::NoKernel:
        return QColor(0xd5, 0x5e, 0x00); // vermillion
    case VerdictCategory::FailsAtRunTime:
        return QColor(0xf0, 0xe4, 0x42); // yellow
    case VerdictCategory::Unknown:
    case VerdictCategory::Count:
        break;
    }
    return QColor(0xbd, 0xbd, 0xbd); // grey: no statement, darker than the overlay's "no data"
}

QString TargetText::nodeVerdictText(NodeVerdict verdict, bool parser)
{
    switch (verdict) {
    case NodeVerdict::Runs:
        return tr("runs");
    case NodeVerdict::FallsBack:
        return tr("falls back");
    case NodeVerdict::NoKernel:
        return parser ? tr("unsupported") : tr("no kernel");
    case NodeVerdict::Unknown:
        break;
    }
    return tr("unknown");
}

QString TargetText::targetVerdictText(TargetVerdict verdict, bool parser)
{
    switch (verdict) {
    case TargetVerdict::Runs:
        return parser ? tr("converts") : tr("runs");
    case TargetVerdict::FallsBack:
        return tr("falls back");
    case TargetVerdict::CannotLoad:
        return parser ? tr("cannot convert") : tr("cannot load");
    case TargetVerdict::Unknown:
        break;
    }
    return tr("unknown");
}

QColor TargetText::targetVerdictColor(TargetVerdict verdict)
{
    switch (verdict) {
    case TargetVerdict::Runs:
        return verdictCategoryColor(VerdictCategory::Runs);
    case TargetVerdict::FallsBack:
        return verdictCategoryColor(VerdictCategory::FallsBack);
    case TargetVerdict::CannotLoad:
        return verdictCategoryColor(VerdictCategory::NoKernel);
    case TargetVerdict::Unknown:
        break;
    }
    return verdictCategoryColor(VerdictCategory::Unknown);
}

QString TargetText::nodeVerdictNote(const NodeTargetResult& node, bool parser)
{
    QString text = verdictCategoryText(verdictCategory(node), parser);
    if (!node.reason.empty())
        text += QStringLiteral(": ") + toQString(node.reason);
    if (node.verdict == NodeVerdict::FallsBack && node.cpuVerdict)
        text += QLatin1Char('\n') + tr("CPU provider: %1").arg(nodeVerdictText(*node.cpuVerdict, false))
            + (node.cpuReason.empty() ? QString() : QStringLiteral(" (%1)").arg(toQString(node.cpuReason)));
    for (const std::string& f : node.runtimeFailures)
        text += QLatin1Char('\n') + tr("fails at run time: %1").arg(toQString(f));
    return text;
}

} // namespace qs::ui
