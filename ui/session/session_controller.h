// SPDX-License-Identifier: MIT
// File > Save Session... and Open Session...: maps the window's state (open models, listed run files, the run shown,
// the Compare sides, input shapes, tab, graph side) to the engine's session file and back. Opening loads the models
// and run files through the window's background loaders, then applies the selection once both are in; what is
// missing or fails is listed in one message, and a state not saved in a session is not replaced without asking.
#pragma once

#include <quantscope/engine/session_file.h>

#include <QObject>
#include <QPointer>
#include <QStringList>
#include <QTimer>

#include <array>
#include <optional>

class QAction;
class QMessageBox;

namespace qs::ui {

class MainWindow;
class RunFileLoader;

class SessionController : public QObject
{
    Q_OBJECT
public:
    /// Uses the window's panels and loaders; create it after the window's docks.
    explicit SessionController(MainWindow* window);

    QAction* saveAction() const { return m_saveAction; }
    QAction* openAction() const { return m_openAction; }
    static bool isSessionFile(const QString& path);

    /// The state on screen as a session; runs whose file could not be saved are left out and counted.
    SavedSession capture(int* runsWithoutFile = nullptr) const;
    /// Writes the session atomically; false with the reason (naming the file) in `error`.
    bool save(const QString& path, QString* error);
    /// Opens a session: asks first when open models or a Compare selection would be replaced unsaved.
    void open(const QString& path);
    /// Opens without asking (after the user chose, or from a test).
    void restore(const QString& path);
    bool isRestoring() const { return m_restore.has_value(); }
    /// The session file last saved or opened; empty when there is none.
    QString currentFile() const { return m_file; }
    /// The state on screen differs from the current session file's (the window title shows [*]).
    bool isModified() const;
    /// Called when the window is closed: true to close now; else it asks Save, Discard or Cancel about the changes to
    /// the current session and closes the window itself when the user saves or discards them.
    bool confirmClose();
    /// The last message: the question before replacing, a refusal, or the list of what could not be opened.
    QMessageBox* messageBox() const { return m_box; }

public slots:
    void saveDialog();
    void openDialog();

signals:
    /// The current session file changed (saved under another name, or another session opened).
    void fileChanged(const QString& path);
    /// A session was saved to or opened from `path` (for Open Recent).
    void fileUsed(const QString& path);
    /// Everything a session named that could be opened is shown; `problems` lists the rest (empty when none).
    void restored(const QString& path, const QStringList& problems);
    void statusMessage(const QString& text);

private:
    struct Restore
    {
        QString path;
        SavedSession session;
        std::vector<QString> runPaths; ///< per session run: the resolved file, empty when missing
        QStringList modelPaths; ///< the resolved models that are being opened
        QStringList problems;
        bool modelsPending = false;
        int runsPending = 0;
    };
    bool hasUnsavedState() const;
    /// The question before unsaved state is replaced or lost; the caller adds the buttons and opens it.
    QMessageBox* askUnsaved(const QString& text, const QString& detail);
    void updateModified();
    QString currentText() const;
    void modelsDone();
    void runsDone();
    void finishIfDone();
    void apply();
    void showMessage(int icon, const QString& text, const QString& details);

    MainWindow* m_window;
    RunFileLoader* m_runLoader;
    QAction* m_saveAction = nullptr;
    QAction* m_openAction = nullptr;
    std::optional<Restore> m_restore;
    QString m_savedText; ///< the session as last saved or opened, to tell whether the state on screen is saved
    bool m_userChoseSides = false; ///< the Compare sides were picked by hand since the last save or open
    QString m_file; ///< the session file last saved or opened
    bool m_closeConfirmed = false; ///< the user chose to save or discard: the next close goes through
    QTimer m_modifiedCheck;
    QPointer<QMessageBox> m_box;
};

} // namespace qs::ui
