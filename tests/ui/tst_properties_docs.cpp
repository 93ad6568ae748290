// SPDX-License-Identifier: MIT
// Issue 16, item 10: the Properties panel renders ONNX schema docs (Markdown) instead of showing the raw text, and
// ONNX's relative links point at the ONNX repository's docs and open in the browser. The Add model is built here.
#include "graph/graph_panel.h"
#include "graph/graph_scene.h"
#include "main_window.h"
#include "panels/properties_panel.h"
#include "screenshot_settings.h"
#include "ui_test_main.h"
#include "util/schema_doc_html.h"
#include "workers/loaded_model.h"

#include <QDesktopServices>
#include <QDir>
#include <QDockWidget>
#include <QLocale>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTranslator>

#include <onnx_builder.h>

using namespace qs;
using namespace qs::ui;

namespace {
const QString kBroadcasting = QStringLiteral("https://github.com/onnx/onnx/blob/main/docs/Broadcasting.md");

// Every link target in a rendered document, in order.
QStringList anchorsOf(const QTextDocument* doc)
{
    QStringList hrefs;
    for (QTextBlock b = doc->begin(); b.isValid(); b = b.next())
        for (auto it = b.begin(); !it.atEnd(); ++it)
            if (it.fragment().charFormat().isAnchor())
                hrefs << it.fragment().charFormat().anchorHref();
    return hrefs;
}
} // namespace

// Receives the URLs QDesktopServices would hand to the browser.
class UrlCatcher : public QObject
{
    Q_OBJECT
public:
    QList<QUrl> urls;
public slots:
    void open(const QUrl& url) { urls << url; }
};

class TestPropertiesDocs : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void linksResolveToOnnxDocs();
    void addDocIsRendered();
    void linkOpensInBrowser();
    void screenshots();

private:
    std::shared_ptr<const LoadedModel> m_model;
    NodeId m_add = kNoNode;
    QTemporaryDir m_dir;
    QString m_path;
};

void TestPropertiesDocs::initTestCase()
{
    qs::test::ModelBuilder mb;
    mb.graph().input("x", onnx::TensorProto_DataType_FLOAT, { 1, 4 });
    mb.graph().output("y", onnx::TensorProto_DataType_FLOAT);
    mb.graph().floatInitializer("b", { 4 }, { 1, 2, 3, 4 });
    mb.graph().node("Add", { "x", "b" }, { "y" }, "add");
    m_path = m_dir.filePath(QStringLiteral("add.onnx"));
    mb.save(m_path.toStdString());
    auto r = loadAndLayout(m_path, {});
    QVERIFY(r.isOk());
    m_model = *r;
    m_add = *m_model->model->graph().findNode("add");
}

void TestPropertiesDocs::linksResolveToOnnxDocs()
{
    QCOMPARE(onnxDocUrl(QStringLiteral("Broadcasting.md")).toString(), kBroadcasting);
    QCOMPARE(onnxDocUrl(QStringLiteral("Operators.md#Reshape")).toString(),
        QStringLiteral("https://github.com/onnx/onnx/blob/main/docs/Operators.md#Reshape"));
    QCOMPARE(
        onnxDocUrl(QStringLiteral("https://example.org/a.md")).toString(), QStringLiteral("https://example.org/a.md"));
}

void TestPropertiesDocs::addDocIsRendered()
{
    PropertiesPanel panel;
    panel.showNode(m_model, m_add);
    const QString text = panel.toPlainText();
    // ONNX's Add doc: "This operator supports **multidirectional (i.e., Numpy-style) broadcasting**; for more
    // details please check [the doc](Broadcasting.md)."
    QVERIFY2(text.contains(QStringLiteral("multidirectional")), qPrintable(text));
    QVERIFY2(!text.contains(QStringLiteral("**")), qPrintable(text));
    QVERIFY2(!text.contains(QStringLiteral("](")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("the doc")), qPrintable(text));
    // The emphasis is real bold text now, and the link points at ONNX's docs on GitHub.
    const auto found = panel.document()->find(QStringLiteral("multidirectional"));
    QVERIFY(!found.isNull());
    QVERIFY(found.charFormat().fontWeight() >= QFont::Bold);
    QVERIFY2(anchorsOf(panel.document()).contains(kBroadcasting), qPrintable(anchorsOf(panel.document()).join(u' ')));
}

void TestPropertiesDocs::linkOpensInBrowser()
{
    UrlCatcher catcher;
    QDesktopServices::setUrlHandler(QStringLiteral("https"), &catcher, "open");
    PropertiesPanel panel;
    panel.resize(420, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.showNode(m_model, m_add);
    QTextCursor link = panel.document()->find(QStringLiteral("the doc"));
    QVERIFY(!link.isNull());
    panel.setTextCursor(link);
    panel.ensureCursorVisible();
    QTextCursor inside(panel.document());
    inside.setPosition(link.selectionStart() + 2);
    const QPoint at = panel.cursorRect(inside).center();
    QTest::mouseClick(panel.viewport(), Qt::LeftButton, {}, at);
    QTRY_COMPARE(catcher.urls.size(), 1);
    QCOMPARE(catcher.urls.front().toString(), kBroadcasting);
    // The panel still shows the node: a click does not navigate the panel itself.
    QVERIFY(panel.toPlainText().contains(QStringLiteral("multidirectional")));
    QDesktopServices::unsetUrlHandler(QStringLiteral("https"));
}

// The Add node selected in the main window, at 1920x1080 and 1366x768, in English and German, written to
// $QS_UI_SCREENSHOT_DIR.
void TestPropertiesDocs::screenshots()
{
    const QString dir = qs::test::screenshotDir();
    if (dir.isEmpty())
        QSKIP("set QS_UI_SCREENSHOT_DIR to write screenshots");
    const bool translated
        = qs::test::forEachScreenshotSetting(QStringLiteral(QS_GERMAN_QM), [&](const char* lang, QSize size) {
              MainWindow w;
              w.resize(size);
              w.show();
              QVERIFY(QTest::qWaitForWindowExposed(&w));
              QSignalSpy loaded(&w, &MainWindow::modelLoaded);
              w.openFile(m_path);
              QVERIFY(loaded.wait(60000));
              w.graphPanel()->scene()->selectNode(m_add);
              QTest::qWait(300);
              const QString name
                  = QStringLiteral("docs_%1_%2x%3.png").arg(QLatin1String(lang)).arg(size.width()).arg(size.height());
              QVERIFY(w.grab().save(QDir(dir).filePath(name)));
          });
    QVERIFY(translated);
}

QS_UI_TEST_MAIN(TestPropertiesDocs)
#include "tst_properties_docs.moc"
