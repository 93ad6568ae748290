// SPDX-License-Identifier: MIT
#include "report_markdown.h"

#include "report_tables.h"
#include "util/finding_text.h"
#include "util/qt_convert.h"

#include <quantscope/engine/markdown_report.h>
#include <quantscope/engine/report_model.h>

#include <QLocale>

namespace qs::ui {

namespace {

// The engine's Markdown layout with the UI language's words (ReportTables) and FindingText's verdict and findings.
class TranslatedWords : public ReportWords
{
public:
    explicit TranslatedWords(const RunRecord& record)
        : m_record(record)
    { }

    std::string phrase(const ReportPhrase& phrase) const override { return ReportTables::phrase(phrase).toStdString(); }
    // From the record itself: the verdict names its cause finding, whose title FindingText phrases.
    std::string verdict(const ReportPhrase&) const override { return FindingText::verdict(m_record).toStdString(); }
    std::string cell(const ReportCell& cell) const override { return ReportTables::cell(cell).toStdString(); }
    FindingWords finding(const ReportFinding& f) const override
    {
        const FindingText::Rendered text = FindingText::render(f.finding);
        FindingWords words { FindingText::severityName(f.finding.severity).toUpper().toStdString(),
            text.title.toStdString(), {}, text.advice.toStdString() };
        // The English text of an old run file that was not derived again: say so beside a translated report.
        const QLocale::Language language = QLocale().language();
        if (f.storedText && !text.translatedTitle && language != QLocale::English && language != QLocale::C)
            words.title += ReportMarkdown::tr(" (stored English text)").toStdString();
        for (const QString& e : text.evidence)
            words.evidence.push_back(e.toStdString());
        return words;
    }

private:
    const RunRecord& m_record;
};

} // namespace

QString ReportMarkdown::build(const RunRecord& record)
{
    return toQString(renderMarkdownReport(buildReportModel(record), TranslatedWords(record)));
}

} // namespace qs::ui
