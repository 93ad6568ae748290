// SPDX-License-Identifier: MIT
// Settings -> Runtimes: the ONNX Runtime adapters found on this machine (detected on a worker thread: discovery starts
// node and python once each), how to get one, and that the Python adapter is not verified here.
#pragma once

#include <QDialog>

class QLabel;
class QTextBrowser;

namespace qs::ui {

class RuntimesDialog : public QDialog
{
    Q_OBJECT
public:
    explicit RuntimesDialog(QWidget* parent = nullptr);

    /// Runs the detection again (asynchronously); the text shows "Detecting..." meanwhile.
    void detect();

signals:
    void detected(); ///< the text now shows the result (for tests)

private:
    QTextBrowser* m_text = nullptr;
};

} // namespace qs::ui
