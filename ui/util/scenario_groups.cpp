// SPDX-License-Identifier: MIT
#include "scenario_groups.h"

#include "util/qt_convert.h"

#include <QCoreApplication>

namespace qs::ui {

QString modeText(ExecutionMode mode)
{
    switch (mode) {
    case ExecutionMode::Optimized:
        return QCoreApplication::translate("qs::ui::ScenarioGroup", "optimized");
    case ExecutionMode::AsWritten:
        return QCoreApplication::translate("qs::ui::ScenarioGroup", "as-written");
    }
    return toQString(executionModeName(mode));
}

QString runtimeText(Runtime runtime)
{
    switch (runtime) {
    case Runtime::Quantscope:
        return QCoreApplication::translate("qs::ui::ScenarioGroup", "quantscope");
    case Runtime::OnnxRuntime:
        return QCoreApplication::translate("qs::ui::ScenarioGroup", "onnxruntime");
    }
    return toQString(runtimeName(runtime));
}

QString threadsText(int32_t threads)
{
    if (threads == 0)
        return QCoreApplication::translate("qs::ui::ScenarioGroup", "all cores");
    // Spelled out rather than %n: the English text ships without a plural translation file.
    if (threads == 1)
        return QCoreApplication::translate("qs::ui::ScenarioGroup", "1 thread");
    return QCoreApplication::translate("qs::ui::ScenarioGroup", "%1 threads").arg(threads);
}

QString scenarioLabel(const ScenarioRecord& scenario)
{
    const QString dot = QStringLiteral(" \u00b7 ");
    QString label = toQString(scenario.modelId) + dot + threadsText(scenario.threads) + dot + modeText(scenario.mode);
    if (scenario.runtime != Runtime::Quantscope)
        label += dot + runtimeText(scenario.runtime);
    return label;
}

std::vector<ScenarioGroup> scenarioGroups(const RunRecord& record)
{
    std::vector<ScenarioGroup> groups;
    for (const ScenarioRecord& s : record.scenarios) {
        auto it = std::find_if(groups.begin(), groups.end(), [&](const ScenarioGroup& g) {
            return g.threads == s.threads && g.mode == s.mode && g.runtime == s.runtime;
        });
        if (it == groups.end()) {
            ScenarioGroup g;
            g.threads = s.threads;
            g.mode = s.mode;
            g.runtime = s.runtime;
            g.label = threadsText(s.threads) + QStringLiteral(" \u00b7 ") + modeText(s.mode);
            if (s.runtime != Runtime::Quantscope)
                g.label += QStringLiteral(" \u00b7 ") + runtimeText(s.runtime);
            groups.push_back(std::move(g));
            it = std::prev(groups.end());
        }
        it->scenarios.push_back(&s);
    }
    return groups;
}

bool isFloatScenario(const RunRecord& record, const ScenarioRecord& scenario)
{
    const ModelRecord* m = record.model(scenario.modelId);
    return !m || !m->isQuantized();
}

} // namespace qs::ui
