// SPDX-License-Identifier: MIT
#include "report_markdown.h"

#include "util/finding_text.h"
#include "util/qt_convert.h"

#include <quantscope/engine/markdown_report.h>

namespace qs::ui {

QString ReportMarkdown::build(const RunRecord& record)
{
    ReportOptions options;
    // From the original record: the verdict names its cause finding, whose title it phrases itself.
    options.verdict = FindingText::verdict(record).toStdString();
    options.findingsHeading = tr("Findings").toStdString();
    options.noFindings = tr("No finding: nothing in this run matched a known cause of slow INT8.").toStdString();
    for (FindingSeverity s : { FindingSeverity::Info, FindingSeverity::Warning, FindingSeverity::Critical })
        options.severityLabels[static_cast<size_t>(s)] = FindingText::severityName(s).toUpper().toStdString();
    RunRecord localized = record;
    for (Finding& f : localized.findings) {
        const FindingText::Rendered text = FindingText::render(f);
        f.title = text.title.toStdString();
        f.advice = text.advice.toStdString();
        f.evidence.clear();
        for (const QString& line : text.evidence)
            f.evidence.push_back(line.toStdString());
    }
    return toQString(buildMarkdownReport(localized, options));
}

} // namespace qs::ui
