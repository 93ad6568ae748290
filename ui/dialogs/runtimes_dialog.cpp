// SPDX-License-Identifier: MIT
#include "runtimes_dialog.h"

#include "util/qt_convert.h"

#include <quantscope/engine/runtime_discovery.h>

#include <QDialogButtonBox>
#include <QFutureWatcher>
#include <QPointer>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace qs::ui {

RuntimesDialog::RuntimesDialog(QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Runtimes"));
    setObjectName(QStringLiteral("RuntimesDialog"));
    m_text = new QTextBrowser(this);
    m_text->setObjectName(QStringLiteral("runtimesText"));
    m_text->setOpenExternalLinks(false);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* again = buttons->addButton(tr("Detect Again"), QDialogButtonBox::ActionRole);
    connect(again, &QPushButton::clicked, this, &RuntimesDialog::detect);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_text);
    layout->addWidget(buttons);
    resize(720, 420);
    detect();
}

void RuntimesDialog::detect()
{
    m_text->setPlainText(tr("Detecting ONNX Runtime (onnxruntime-node, python3 -c \"import onnxruntime\")..."));
    auto* watcher = new QFutureWatcher<std::vector<DiscoveredRuntime>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] {
        const auto found = watcher->result();
        watcher->deleteLater();
        QString html = QStringLiteral("<h3>%1</h3>").arg(tr("ONNX Runtime, measured beside the engine"));
        html += QStringLiteral("<p>%1</p>")
                    .arg(tr("Quantscope never links ONNX Runtime: it starts a small adapter process and talks to it "
                            "over a JSON protocol. Choose the runtime in the Runs panel."));
        bool any = false;
        html += QStringLiteral("<ul>");
        for (const DiscoveredRuntime& r : found) {
            any = any || r.available;
            const QString name
                = r.adapter == "node" ? tr("Node.js adapter (onnxruntime-node)") : tr("Python adapter (onnxruntime)");
            html += QStringLiteral("<li><b>%1</b>: %2<br>%3")
                        .arg(name, r.available ? tr("found") : tr("not found"), toQString(r.detail).toHtmlEscaped());
            if (!r.verifiedHere)
                html += QStringLiteral("<br><i>%1</i>")
                            .arg(tr("Not verified against a real installation here: Quantscope's build machines "
                                    "cannot install Python's onnxruntime, so only its protocol handling is tested."));
            html += QStringLiteral("</li>");
        }
        html += QStringLiteral("</ul>");
        if (!any)
            html += QStringLiteral("<p><b>%1</b></p>").arg(tr("No ONNX Runtime was found."));
        html += QStringLiteral("<p>%1</p><pre>%2</pre>")
                    .arg(tr("How to get one:"), toQString(ortInstallHint()).toHtmlEscaped());
        m_text->setHtml(html);
        emit detected();
    });
    watcher->setFuture(QtConcurrent::run([] { return discoverRuntimeAdapters(); }));
}

} // namespace qs::ui
