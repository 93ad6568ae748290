// SPDX-License-Identifier: MIT
// The Markdown report in the UI language (issue 16 item 15): one report model, rendered by the engine in English and
// by the GUI in the UI language. In German no English heading or column header is left next to the German verdict and
// every number has a decimal comma; in English the GUI's report is the engine's (the CLI's) byte for byte.
#include "german_catalogue.h"
#include "report/report_markdown.h"
#include "report/report_tables.h"
#include "ui_test_main.h"
#include "util/finding_text.h"
#include "util/qt_convert.h"
#include "workers/run_file_loader.h"

#include <quantscope/engine/diagnosis.h>
#include <quantscope/engine/markdown_report.h>
#include <quantscope/engine/report_model.h>
#include <quantscope/engine/run_file.h>

#include <QFile>
#include <QLocale>
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QTranslator>

using namespace qs;
using namespace qs::ui;

namespace {

// The crafted pair (tests/data/runs/README.md) with its findings from today's rules, as the GUI shows a loaded run.
RunRecord craftedPair()
{
    auto r = readRunFile(test::testDataDir() / "runs" / "crafted_pair.json");
    if (!r)
        return {};
    r->findings = diagnoseRun(*r);
    return *r;
}

struct Outline
{
    QSet<QString> headings; ///< text after the #s
    QSet<QString> headers; ///< every column header cell
};

// A Markdown table's header is the row right above its |---| rule.
Outline outline(const QString& markdown)
{
    Outline o;
    const QStringList lines = markdown.split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i) {
        if (lines[i].startsWith(QLatin1Char('#')))
            o.headings << lines[i].section(QLatin1Char(' '), 1);
        if (i > 0 && lines[i].startsWith(QStringLiteral("|---")))
            for (const QString& cell : lines[i - 1].split(QLatin1Char('|'), Qt::SkipEmptyParts))
                o.headers << cell.trimmed();
    }
    return o;
}

} // namespace

class TestReportLanguage : public QObject
{
    Q_OBJECT
private slots:
    void cleanup();
    void englishIsTheEnginesReport();
    void germanHasNoEnglishHeadingAndDecimalCommas();
    void germanSaysFailedInGerman();
    void everyWordOfTheModelIsTranslated();
    void oldRunFileFindingsInGerman();

private:
    bool loadGerman();
    test::GermanCatalogue m_german;
};

void TestReportLanguage::cleanup()
{
    m_german.remove();
    QLocale::setDefault(QLocale::c());
}

bool TestReportLanguage::loadGerman()
{
    const bool installed = m_german.install();
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    return installed;
}

void TestReportLanguage::englishIsTheEnginesReport()
{
    // The crafted pair with today's findings and as its file holds it (format 1.0, English findings only), and a
    // bench run (format 1.3: parity, both modes, two thread settings, deployment-target findings).
    std::vector<RunRecord> runs { craftedPair() };
    for (const char* name : { "crafted_pair.json", "demo_bench.json" }) {
        auto r = readRunFile(test::testDataDir() / "runs" / name);
        QVERIFY2(r, name);
        runs.push_back(*r);
    }
    QVERIFY(!runs[2].parity.empty() && runs[2].findings.size() > 5);
    for (const QLocale& locale : { QLocale::c(), QLocale(QLocale::English, QLocale::UnitedStates),
             QLocale(QLocale::English, QLocale::UnitedKingdom) }) {
        QLocale::setDefault(locale);
        for (const RunRecord& r : runs)
            QCOMPARE(ReportMarkdown::build(r), toQString(buildMarkdownReport(r)));
    }
}

void TestReportLanguage::germanHasNoEnglishHeadingAndDecimalCommas()
{
    const RunRecord r = craftedPair();
    QVERIFY(!r.scenarios.empty());
    const Outline english = outline(toQString(buildMarkdownReport(r)));
    QVERIFY(english.headings.size() >= 8 && english.headers.size() >= 20); // the check has something to check
    QVERIFY(loadGerman());
    const QString md = ReportMarkdown::build(r);
    const Outline german = outline(md);
    if (const QByteArray keep = qgetenv("QS_UI_SCREENSHOT_DIR"); !keep.isEmpty()) {
        QFile out(QString::fromLocal8Bit(keep) + QStringLiteral("/bericht_de.md"));
        QVERIFY(out.open(QIODevice::WriteOnly) && out.write(md.toUtf8()) > 0);
    }

    // Hand-checked German words, one per section and one per kind of table.
    for (const char* heading : { "Quantscope-Benchmarkbericht", "INT8 gegenüber FP32", "Latenz (ms)", "Modelle",
             "Befunde", "Umgebung", "Zeit pro Operatortyp", "So wurde gemessen" })
        QVERIFY2(german.headings.contains(QString::fromUtf8(heading)), heading);
    for (const char* header : { "Szenario", "Läufe", "Mittel", "Beschleunigung", "Größenverhältnis", "Anteil" })
        QVERIFY2(german.headers.contains(QString::fromUtf8(header)), header);

    for (const QString& heading : english.headings)
        QVERIFY2(!german.headings.contains(heading), qPrintable(heading));
    // Names and abbreviations read the same in both languages.
    QSet<QString> same { QStringLiteral("CV"), QStringLiteral("Min"), QStringLiteral("Max"), QStringLiteral("P90"),
        QStringLiteral("P95"), QStringLiteral("P99"), QStringLiteral("IQR"), QStringLiteral("FPS"),
        QStringLiteral("Status"), QStringLiteral("Median"), QStringLiteral("Format"), QStringLiteral("FP32 ms"),
        QStringLiteral("Arena MiB"), QStringLiteral("P50"), QStringLiteral("Threads"), QStringLiteral("SHA-256") };
    for (const ModelRecord& m : r.models)
        same << toQString(m.id);
    for (const QString& header : english.headers)
        QVERIFY2(same.contains(header) || !german.headers.contains(header), qPrintable(header));
    for (const char* english : { "1 thread", "optimized", "Findings", "Speedup" })
        QVERIFY2(!md.contains(QLatin1String(english)), english);

    // Every number in a table cell or in the verdict with a decimal comma: none with a point.
    const QRegularExpression pointCell(QStringLiteral("\\| \\**[+-]?\\d+\\.\\d+(x|%| dB)?\\** \\|"));
    QVERIFY2(!pointCell.match(md).hasMatch(), qPrintable(pointCell.match(md).captured()));
    QVERIFY(md.contains(QRegularExpression(QStringLiteral("\\| \\d+,\\d\\d \\|")))); // milliseconds
    QVERIFY(md.contains(QRegularExpression(QStringLiteral("\\| \\d+,\\d\\dx \\|")))); // speedup
    const QString verdict = md.section(QStringLiteral("**"), 1, 1);
    QVERIFY2(verdict.contains(QStringLiteral("INT8 ist hier")), qPrintable(verdict));
    QVERIFY2(!verdict.contains(QRegularExpression(QStringLiteral("\\d\\.\\d"))), qPrintable(verdict));
}

void TestReportLanguage::germanSaysFailedInGerman()
{
    RunRecord r = craftedPair();
    QVERIFY(r.scenarios.size() == 2);
    r.scenarios[1].status = ScenarioStatus::Failed;
    r.scenarios[1].error = "out of memory";
    r.scenarios[1].latenciesMs.clear();
    r.scenarios[1].stats = {};
    r.scenarios[1].profile.reset();
    QVERIFY(loadGerman());
    const QString md = ReportMarkdown::build(r);
    QVERIFY2(md.contains(QStringLiteral("| fehlgeschlagen |")), qPrintable(md));
    QVERIFY2(
        md.contains(QStringLiteral("- crafted_int8 \u00b7 1 Thread \u00b7 optimiert: out of memory")), qPrintable(md));
    QVERIFY(!md.contains(QStringLiteral("failed")));
}

// The engine lists every fixed word of its report model and every kind of sentence with values: each has a German
// translation (or reads the same in German) and a phrasing here, so a word the engine adds cannot stay English.
void TestReportLanguage::everyWordOfTheModelIsTranslated()
{
    QVERIFY(loadGerman());
    const QSet<QString> same { QStringLiteral("SQNR"), QStringLiteral("CV"), QStringLiteral("Min"),
        QStringLiteral("P50"), QStringLiteral("P90"), QStringLiteral("P95"), QStringLiteral("P99"),
        QStringLiteral("Max"), QStringLiteral("IQR"), QStringLiteral("FPS"), QStringLiteral("RMSE"),
        QStringLiteral("Status"), QStringLiteral("Format"), QStringLiteral("SHA-256"), QStringLiteral("FP32 ms"),
        QStringLiteral("Arena MiB"), QStringLiteral("CPU"), QStringLiteral("ISA"), QStringLiteral("OS"),
        QStringLiteral("Quantscope"), QStringLiteral("oneDNN"), QStringLiteral("Top-1"), QStringLiteral("Threads"),
        QStringLiteral("Median ms"), QStringLiteral("P95 ms"), QStringLiteral("Compiler") };
    for (std::string_view term : reportTerms()) {
        const QString english = QString::fromUtf8(term.data(), qsizetype(term.size()));
        const QString german = ReportTables::phrase(ReportPhrase::term(std::string(term)));
        QVERIFY2(!german.isEmpty() && (german != english || same.contains(english)), qPrintable(english));
    }
    for (const ReportPhraseKind& k : reportPhraseKinds())
        QVERIFY2(ReportTables::knowsKind(k.kind), k.kind.data());
}

// crafted_pair.json is a format 1.0 file: its one finding is English text without values. Opened as the GUI opens
// run files (RunFileLoader), its findings are derived again from its measurements, so the German report phrases them
// in German and says where they came from; read as stored, the English finding is marked as such.
void TestReportLanguage::oldRunFileFindingsInGerman()
{
    QVERIFY(loadGerman());
    RunFileLoader loader;
    QSignalSpy loaded(&loader, &RunFileLoader::loaded);
    loader.load({ QString::fromStdString((test::testDataDir() / "runs" / "crafted_pair.json").string()) });
    QVERIFY(loaded.wait(30000));
    const auto record = loaded.at(0).at(1).value<std::shared_ptr<const RunRecord>>();
    QVERIFY(record && record->findingsRederived && !record->findings.empty());
    const QString md = ReportMarkdown::build(*record);
    QVERIFY2(md.contains(QStringLiteral("## Befunde\n\nDie Lauf-Datei enthielt ihre Befunde nur als englischen Text")),
        qPrintable(md));
    for (const Finding& f : record->findings) {
        const FindingText::Rendered text = FindingText::render(f);
        QVERIFY2(text.translatedTitle && md.contains(text.title), f.id.c_str());
        QVERIFY(!md.contains(toQString(f.title)));
    }
    QVERIFY(!md.contains(QStringLiteral("Crafted finding for the UI tests."))); // the file's own advice
    // Hand-checked German of the op-count growth the file's numbers give (21 -> 62 nodes).
    QVERIFY2(
        md.contains(QStringLiteral("die Quantisierung hat die Knotenzahl um den Faktor 3,0 erhöht")), qPrintable(md));

    auto stored = readRunFile(test::testDataDir() / "runs" / "crafted_pair.json");
    QVERIFY(stored && stored->findingsAsText);
    const QString asStored = ReportMarkdown::build(*stored);
    QVERIFY2(asStored.contains(QStringLiteral(
                 "### [WARNUNG] quantization multiplied the node count by 3.0 (gespeicherter englischer Text)")),
        qPrintable(asStored));
}

QS_UI_TEST_MAIN(TestReportLanguage)
#include "tst_report_language.moc"
