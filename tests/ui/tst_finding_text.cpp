// SPDX-License-Identifier: MIT
// The verdict and findings phrased by the UI from the engine's rule ids and values: every rule the engine can emit has
// a phrasing (and a German one), the English phrasing reproduces the engine's own text word for word, old run files
// keep their English text, and the German text of a hand-built finding has the German words and numbers.
#include "../engine/measure/crafted_run.h"
#include "german_catalogue.h"
#include "panels/results_panel.h"
#include "pdf_text.h"
#include "report/report_exporter.h"
#include "report/report_markdown.h"
#include "ui_test_main.h"
#include "util/finding_text.h"
#include "util/qt_convert.h"
#include "util/run_text.h"
#include "util/scenario_groups.h"

#include <quantscope/engine/diagnosis.h>
#include <quantscope/engine/markdown_report.h>
#include <quantscope/engine/run_file.h>
#include <quantscope/engine/targets.h>

#include <QFile>
#include <QLocale>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTranslator>

#include <algorithm>
#include <set>

using namespace qs;
using namespace qs::ui;

namespace {

// Placeholders left in a phrasing mean its pattern and its values do not match.
bool hasPlaceholder(const QString& s)
{
    static const QRegularExpression re(QStringLiteral("%\\d"));
    return s.contains(re);
}

struct Probe
{
    QString what;
    std::optional<QString> text;
};

// Every phrasing diagnosisRules() says the engine can emit, with placeholder values.
std::vector<Probe> probeAll()
{
    std::vector<Probe> out;
    for (const DiagnosisRule& rule : diagnosisRules()) {
        std::vector<std::string> variants(rule.variants.begin(), rule.variants.end());
        if (variants.empty())
            variants.emplace_back();
        const QString id = QString::fromUtf8(rule.id.data(), qsizetype(rule.id.size()));
        for (const std::string& variant : variants) {
            MessageArgs args;
            if (!variant.empty())
                args["variant"] = variant;
            const QString tag = id + QLatin1Char('/') + QString::fromStdString(variant);
            out.push_back({ tag + QStringLiteral(" title"), FindingText::title(rule.id, args, true) });
            out.push_back({ tag + QStringLiteral(" advice"), FindingText::advice(rule.id, args, true) });
            for (std::string_view kind : rule.evidenceKinds)
                out.push_back({ tag + QStringLiteral(" evidence ") + QString::fromUtf8(kind.data(), kind.size()),
                    FindingText::evidence(rule.id, EvidenceLine { std::string(kind), args }, true) });
        }
    }
    return out;
}

// Runs that make the diagnosis emit as many rules as crafted data can (the shapes of tests/engine/measure).
std::vector<RunRecord> craftedRuns()
{
    std::vector<RunRecord> runs;
    RunRecord paradox = test::craftedParadoxRun();
    runs.push_back(paradox);

    RunRecord more = paradox;
    more.parity.push_back({ "yolov5nu_int8_dynamic", "yolov5nu_fp32", "output0", 0.5, 0.01, 0.9987 });
    ScenarioRecord failed = more.scenarios[0];
    failed.status = ScenarioStatus::Failed;
    failed.unsupportedOps = { "NonMaxSuppression", "RoiAlign" };
    failed.latenciesMs.clear();
    computeScenarioStatistics(failed); // a failed scenario has no samples, so no statistics (the reader checks)
    more.scenarios.push_back(failed);
    more.scenarios[0].status = ScenarioStatus::Partial;
    more.scenarios[0].partialReason = "cancelled after 3 of 20 measured runs";
    more.partial = true;
    // As written, 30% slower than optimized: unfused boundaries.
    for (const ScenarioRecord& s : paradox.scenarios) {
        ScenarioRecord w = s;
        w.mode = qs::ExecutionMode::AsWritten;
        w.profile.reset();
        for (double& ms : w.latenciesMs)
            ms *= 1.3;
        computeScenarioStatistics(w);
        more.scenarios.push_back(w);
    }
    more.comparisons = compareModels(more);
    runs.push_back(more);

    RunRecord vnniLimited = paradox;
    vnniLimited.machine = test::craftedMachine(true);
    vnniLimited.machine.onednnIsa = "avx2";
    runs.push_back(vnniLimited);

    RunRecord qoperator = paradox;
    qoperator.models[1].format = qs::QuantFormat::QOperator;
    qoperator.models[1].signedActivationNodes = 12;
    runs.push_back(qoperator);

    // A second thread setting where INT8 is within the noise: thread sensitivity and an inconclusive comparison.
    RunRecord threads = paradox;
    ComparisonRecord allCores = threads.comparisons.at(0);
    allCores.threads = 0;
    allCores.speedup.speedup = 1.2;
    allCores.speedup.low = 0.9;
    allCores.speedup.high = 1.4;
    threads.comparisons.push_back(allCores);
    runs.push_back(threads);

    RunRecord tiny;
    tiny.machine = test::craftedMachine(false);
    tiny.models = { test::craftedFp32Model() };
    tiny.models[0].totalMacs = 4'200'000;
    tiny.scenarios.push_back(
        test::craftedScenario("yolov5nu_fp32", 1, qs::ExecutionMode::Optimized, test::craftedLatencies(0.4, 0.05, 20)));
    runs.push_back(tiny);

    // Deployment targets, one summary per variant of the finding (hand-made: the wording is under test here).
    RunRecord targets = paradox;
    const auto summary = [](std::string table, TargetTableKind kind, std::vector<TargetOpProblem> problems) {
        TargetSummary t;
        t.tableId = table;
        t.title = "Target " + table;
        t.kind = kind;
        t.version = "1.30";
        t.versionMatch = "approximate";
        t.nodes = 20;
        for (const TargetOpProblem& p : problems) {
            int64_t& n = p.kind == TargetProblemKind::NoKernel ? t.noKernel
                : p.kind == TargetProblemKind::CpuNoKernel     ? t.cpuNoKernel
                : p.kind == TargetProblemKind::FallsBack       ? t.fallsBack
                                                               : t.runtimeFailures;
            n += p.nodes;
        }
        t.runs = t.nodes - t.noKernel - t.fallsBack;
        t.problems = std::move(problems);
        return t;
    };
    const TargetOpProblem convFallsBack { TargetProblemKind::FallsBack, "ConvInteger", 4, { "c1", "c2", "c3" }, "" };
    TargetSummary ep = summary("ep", TargetTableKind::EpSupportList, { convFallsBack });
    ep.partitions = PartitionSummary { 5, 3, 2, 4, true };
    TargetSummary epUnknown = summary("ep-unknown", TargetTableKind::EpSupportList,
        { { TargetProblemKind::CpuNoKernel, "ConvInteger", 4, { "c1", "c2", "c3" }, "" }, convFallsBack });
    epUnknown.partitions = PartitionSummary { 3, 2, 1, 2, false };
    epUnknown.unknown = 2;
    TargetSummary reduced = summary("reduced", TargetTableKind::ReducedBuildList,
        { { TargetProblemKind::NoKernel, "ConvInteger", 1, { "c1" }, "" } });
    reduced.fileFormat = FileFormatProblem { ".onnx", { ".ort" } };
    reduced.fileProblem = fileFormatProblemText(*reduced.fileFormat);
    TargetSummary parser = summary("parser", TargetTableKind::ParserSupportList,
        { { TargetProblemKind::NoKernel, "DynamicQuantizeLinear", 2, { "q1", "q2" }, "" } });
    TargetSummary kernels = summary("kernels", TargetTableKind::KernelTable,
        { { TargetProblemKind::FailsAtRunTime, "ConvInteger", 1, { "c1" }, "" } });
    targets.models[1].targets = std::vector<TargetSummary> { ep, epUnknown, reduced, parser, kernels };
    targets.models[0].targets = std::vector<TargetSummary> { summary("ep", TargetTableKind::EpSupportList, {}) };
    // The same network, so each finding also says how the FP32 file fares on the target.
    targets.models[0].network = targets.models[1].network
        = NetworkSignature { { "images[1x3x640x640]" }, { "output0[1x84x8400]" }, { "Conv 16x3x3x3" }, {} };
    runs.push_back(targets);

    for (RunRecord& r : runs)
        r.findings = diagnoseRun(r);
    return runs;
}

} // namespace

class TestFindingText : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void everyRuleTheEngineCanEmitHasAPhrasing();
    void everyPhrasingHasAGermanTranslation();
    void englishPhrasingReproducesTheEngineText();
    void oldRunFileKeepsItsEnglishText();
    void germanFindingAndVerdictFromValues();
    void germanFileFormatLineOfADeploymentTarget();
    void germanReportUsesTheSameText();
    void germanPdfHasTheGermanVerdict();
    void scenarioLabelsFollowTheUiLanguage();

private:
    bool loadGerman();
    test::GermanCatalogue m_german;
};

void TestFindingText::init()
{
    // The engine writes C-locale numbers; the English comparisons need the same.
    QLocale::setDefault(QLocale::c());
}

void TestFindingText::cleanup()
{
    m_german.remove();
    QLocale::setDefault(QLocale::c());
}

bool TestFindingText::loadGerman()
{
    return m_german.install();
}

void TestFindingText::everyRuleTheEngineCanEmitHasAPhrasing()
{
    QVERIFY(diagnosisRules().size() >= 14);
    for (const Probe& p : probeAll()) {
        QVERIFY2(p.text.has_value(), qPrintable(p.what + QStringLiteral(": no phrasing in FindingText")));
        QVERIFY2(!p.text->isEmpty() && !hasPlaceholder(*p.text), qPrintable(p.what + QStringLiteral(": ") + *p.text));
    }
    // The check can fail: an id or a line kind the UI does not know has no phrasing.
    QVERIFY(!FindingText::title("made-up-rule", {}, true));
    QVERIFY(!FindingText::evidence("op-count-growth", EvidenceLine { "made-up-kind", {} }, true));
    QVERIFY(!FindingText::title("unfused-boundaries", { { "variant", std::string("made-up") } }, true));
}

void TestFindingText::everyPhrasingHasAGermanTranslation()
{
    const std::vector<Probe> english = probeAll();
    QVERIFY(loadGerman());
    const std::vector<Probe> german = probeAll();
    QCOMPARE(german.size(), english.size());
    // Lines that are only names and numbers read the same in both languages.
    const std::set<QString> sameInBothLanguages { QStringLiteral("quantization-overhead/ evidence overhead-op"),
        QStringLiteral("partial-run/ evidence partial-scenario"),
        QStringLiteral("thread-sensitivity/ evidence speedup"),
        QStringLiteral("inconclusive-speedup/ evidence speedup") };
    int translated = 0;
    for (size_t i = 0; i < english.size(); ++i) {
        if (sameInBothLanguages.count(english[i].what))
            continue;
        QVERIFY2(german[i].text != english[i].text,
            qPrintable(english[i].what + QStringLiteral(" has no German translation: ") + *english[i].text));
        ++translated;
    }
    QVERIFY(translated > 50);
}

void TestFindingText::englishPhrasingReproducesTheEngineText()
{
    std::set<std::string> ids;
    for (const RunRecord& r : craftedRuns()) {
        // Through the run file, as the GUI gets it.
        auto back = runRecordFromJson(runRecordToJson(r), "crafted.json");
        QVERIFY(back);
        for (const Finding& f : back->findings) {
            ids.insert(f.id);
            const FindingText::Rendered text = FindingText::render(f);
            QVERIFY2(text.translatedTitle, f.id.c_str());
            QCOMPARE(text.translatedEvidence, int(f.evidence.size()));
            QCOMPARE(text.title, QString::fromStdString(f.title));
            QCOMPARE(text.advice, QString::fromStdString(f.advice));
            for (size_t i = 0; i < f.evidence.size(); ++i)
                QCOMPARE(text.evidence[int(i)], QString::fromStdString(f.evidence[i]));
        }
        QCOMPARE(FindingText::verdict(*back), QString::fromStdString(verdictSentence(*back)));
    }
    // The crafted runs reach most rules; the others are covered by the phrasing probe above.
    QStringList reached;
    for (const std::string& id : ids)
        reached << QString::fromStdString(id);
    qInfo("rules compared with the engine's text: %s", qPrintable(reached.join(QStringLiteral(", "))));
    QVERIFY2(ids.size() >= 14, qPrintable(reached.join(QStringLiteral(", "))));
}

void TestFindingText::oldRunFileKeepsItsEnglishText()
{
    // Format 1.0: findings without args or evidenceLines.
    auto r = readRunFile(test::testDataDir() / "runs" / "crafted_pair.json");
    QVERIFY(r);
    QVERIFY(loadGerman());
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    const Finding& f = r->findings.at(0);
    const FindingText::Rendered text = FindingText::render(f);
    QVERIFY(!text.translatedTitle);
    QCOMPARE(text.title, QStringLiteral("quantization multiplied the node count by 3.0"));
    QCOMPARE(text.evidence.at(0), QString::fromStdString(f.evidence.at(0)));
    QCOMPARE(text.advice, QString::fromStdString(f.advice));
    const QString html = findingsHtml(*r);
    QVERIFY2(html.contains(QStringLiteral("quantization multiplied the node count by 3.0")), qPrintable(html));
    // The verdict comes from the comparison, which every version stores as values: German.
    QVERIFY2(verdictText(*r).startsWith(QStringLiteral("INT8 ist hier 2,0x schneller")), qPrintable(verdictText(*r)));
}

void TestFindingText::germanFindingAndVerdictFromValues()
{
    QVERIFY(loadGerman());
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    Finding f;
    f.id = "quantization-overhead";
    f.severity = FindingSeverity::Critical;
    f.title = "31.3% of the run time goes to converting between float and integer rather than computing";
    f.args = { { "model", std::string("m_int8") }, { "share", 0.3125 } };
    f.evidence = { "m_int8 · 1 thread · optimized: ...", "DynamicQuantizeLinear: 1234.50 ms (25.0%)" };
    f.evidenceLines = { { "overhead-total",
                            { { "model", std::string("m_int8") }, { "threads", int64_t(1) },
                                { "mode", std::string("optimized") }, { "runtime", std::string("quantscope") },
                                { "ms", 45.25 }, { "totalMs", 144.8 }, { "share", 0.3125 },
                                { "source", std::string("quantscope") } } },
        { "overhead-op", { { "op", std::string("DynamicQuantizeLinear") }, { "ms", 1234.5 }, { "share", 0.25 } } } };
    f.advice = "This time is pure overhead ...";
    const FindingText::Rendered text = FindingText::render(f);
    QVERIFY(text.translatedTitle);
    QCOMPARE(text.translatedEvidence, 2);
    QVERIFY2(text.title.contains(QStringLiteral("31,3 %")) && text.title.contains(QStringLiteral("Laufzeit")),
        qPrintable(text.title));
    QVERIFY2(text.evidence[0].contains(QStringLiteral("45,25 ms"))
            && text.evidence[0].contains(QStringLiteral("144,80"))
            && text.evidence[0].contains(QStringLiteral("1 Thread")),
        qPrintable(text.evidence[0]));
    QVERIFY2(text.evidence[1] == QStringLiteral("DynamicQuantizeLinear: 1.234,50 ms (25,0 %)"),
        qPrintable(text.evidence[1]));
    QVERIFY2(text.advice.contains(QStringLiteral("FP32-Modell")), qPrintable(text.advice));

    // INT8 half as fast, explained by this finding: the German verdict names it.
    RunRecord r;
    r.findings = { f };
    ComparisonRecord c;
    c.baselineModel = "m_fp32";
    c.candidateModel = "m_int8";
    c.speedup.speedup = 0.5;
    c.speedup.low = 0.45;
    c.speedup.high = 0.55;
    r.comparisons = { c };
    const QString verdict = FindingText::verdict(r);
    QVERIFY2(verdict.startsWith(QStringLiteral("INT8 ist hier 2,0x langsamer, denn 31,3 %")), qPrintable(verdict));
    // The interval in the sentence's direction: 1 / 0.55 = 1.82 .. 1 / 0.45 = 2.22 (the speedup's 0.45 beside
    // "2,0x langsamer" would contradict it).
    QVERIFY2(verdict.contains(QStringLiteral("1,82")) && verdict.contains(QStringLiteral("2,22"))
            && !verdict.contains(QStringLiteral("0,45")) && verdict.contains(QStringLiteral("1 Thread")),
        qPrintable(verdict));
}

void TestFindingText::germanFileFormatLineOfADeploymentTarget()
{
    // The mobile package's table: an .onnx file must be converted to .ort first. The diagnosis of a run with that
    // summary, read back from its run file as the GUI gets it.
    RunRecord run = craftedRuns().back();
    auto back = runRecordFromJson(runRecordToJson(run), "targets.json");
    QVERIFY(back);
    const auto reduced = std::find_if(back->findings.begin(), back->findings.end(), [](const Finding& f) {
        return f.id == "deployment-target" && f.title.find("Target reduced") != std::string::npos;
    });
    QVERIFY(reduced != back->findings.end());
    const auto line = std::find_if(reduced->evidenceLines.begin(), reduced->evidenceLines.end(),
        [](const EvidenceLine& l) { return l.kind == "file-format"; });
    QVERIFY(line != reduced->evidenceLines.end());
    const int at = int(line - reduced->evidenceLines.begin());
    QCOMPARE(QString::fromStdString(reduced->evidence.at(size_t(at))),
        QStringLiteral("also: this target loads only .ort files: a .onnx file cannot load at all (it must be converted "
                       "first)"));

    QVERIFY(loadGerman());
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    const FindingText::Rendered text = FindingText::render(*reduced);
    QCOMPARE(text.translatedEvidence, int(reduced->evidence.size()));
    QCOMPARE(text.evidence.at(at),
        QStringLiteral("außerdem: dieses Ziel lädt nur .ort-Dateien: eine .onnx-Datei lässt sich dort gar nicht laden "
                       "(sie muss zuerst umgewandelt werden)"));

    // A run file written before the format was stored as values has only the English sentence: shown as written.
    Finding old = *reduced;
    old.evidenceLines.at(size_t(at)).args.erase("format");
    old.evidenceLines.at(size_t(at)).args.erase("accepted");
    QCOMPARE(FindingText::render(old).evidence.at(at),
        QStringLiteral("außerdem: this target loads only .ort files: a .onnx file cannot load at all (it must be "
                       "converted first)"));
}

void TestFindingText::germanReportUsesTheSameText()
{
    RunRecord r = test::craftedParadoxRun();
    r.findings = diagnoseRun(r);
    QVERIFY(loadGerman());
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    const QString md = ReportMarkdown::build(r);
    QVERIFY2(
        md.contains(QStringLiteral("**") + FindingText::verdict(r) + QStringLiteral("**")), qPrintable(md.left(800)));
    QVERIFY(md.contains(QStringLiteral("## Befunde")));
    for (const Finding& f : r.findings) {
        const FindingText::Rendered text = FindingText::render(f);
        QVERIFY2(md.contains(text.title), qPrintable(text.title));
        QVERIFY(!md.contains(QString::fromStdString(f.title)));
        for (const QString& e : text.evidence)
            QVERIFY2(md.contains(QStringLiteral("- ") + e), qPrintable(e));
    }
    QVERIFY(md.contains(QStringLiteral("[KRITISCH]")));
}

void TestFindingText::germanPdfHasTheGermanVerdict()
{
    auto r = std::make_shared<RunRecord>(test::craftedParadoxRun());
    r->findings = diagnoseRun(*r);
    QVERIFY(loadGerman());
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    ResultsPanel panel;
    panel.setRun(r, {});
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bericht.pdf"));
    const ReportExporter::Outcome written = ReportExporter::writePdf(*r, panel.chartImages(QSize(560, 340)), path);
    QVERIFY2(written.kind == ReportExporter::Outcome::Kind::Written, qPrintable(written.error));
    if (const QByteArray keep = qgetenv("QS_UI_SCREENSHOT_DIR"); !keep.isEmpty())
        QFile::copy(path, QString::fromLocal8Bit(keep) + QStringLiteral("/bericht_de.pdf"));
    if (!havePdfToText())
        QSKIP("pdftotext (poppler-utils) not installed: the PDF's text was not checked");
    // Lines are broken by the page width: compare without line breaks.
    const QString text = pdfText(path).simplified();
    QVERIFY2(text.contains(QStringLiteral("INT8 ist hier")), qPrintable(text.left(600)));
    QVERIFY(text.contains(QStringLiteral("langsamer, denn die Faltungen sind dynamisch quantisiert")));
    QVERIFY(text.contains(QStringLiteral("Befunde")));
    QVERIFY(text.contains(QStringLiteral("[KRITISCH]")));
    QVERIFY(!text.contains(QStringLiteral("because the convolutions")));
}

void TestFindingText::scenarioLabelsFollowTheUiLanguage()
{
    ScenarioRecord s;
    s.modelId = "resnet18_int8";
    s.threads = 1;
    s.mode = qs::ExecutionMode::AsWritten;
    // English: the engine's own label, word for word (the CLI prints that one).
    QCOMPARE(scenarioLabel(s), toQString(s.label()));
    s.threads = 0;
    s.runtime = qs::Runtime::OnnxRuntime;
    QCOMPARE(scenarioLabel(s), toQString(s.label()));
    QVERIFY(loadGerman());
    QCOMPARE(
        scenarioLabel(s), QStringLiteral("resnet18_int8 \u00b7 alle Kerne \u00b7 wie geschrieben \u00b7 onnxruntime"));
    s.threads = 2;
    QVERIFY2(scenarioLabel(s).contains(QStringLiteral("2 Threads")), qPrintable(scenarioLabel(s)));
}

QS_UI_TEST_MAIN(TestFindingText)
#include "tst_finding_text.moc"
