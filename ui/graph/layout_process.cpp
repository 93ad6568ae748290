// SPDX-License-Identifier: MIT
#include "layout_process.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QProcess>

#include <charconv>
#include <csignal>
#include <sys/prctl.h>

namespace qs::ui {

namespace {

constexpr int kPollMs = 50;
constexpr int kStartTimeoutMs = 30000;

// Splits off the next space-separated token of `line`.
std::string_view nextToken(std::string_view& line)
{
    while (!line.empty() && line.front() == ' ')
        line.remove_prefix(1);
    const size_t end = std::min(line.find(' '), line.size());
    const std::string_view token = line.substr(0, end);
    line.remove_prefix(end);
    return token;
}

bool nextNumber(std::string_view& line, double& value)
{
    const std::string_view t = nextToken(line);
    const auto r = std::from_chars(t.data(), t.data() + t.size(), value);
    return !t.empty() && r.ec == std::errc() && r.ptr == t.data() + t.size();
}

bool nextPoint(std::string_view& line, QPointF& p)
{
    double x = 0, y = 0;
    if (!nextNumber(line, x) || !nextNumber(line, y))
        return false;
    p = QPointF(x, y);
    return true;
}

Status malformed(size_t lineNumber, std::string_view line)
{
    return Status(StatusCode::Internal,
        "the layout process wrote a malformed line " + std::to_string(lineNumber) + ": '"
            + std::string(line.substr(0, 80)) + "'");
}

} // namespace

QString layoutHelperPath()
{
    if (qEnvironmentVariableIsSet("QS_LAYOUT_HELPER"))
        return qEnvironmentVariable("QS_LAYOUT_HELPER");
    const QString dir = QCoreApplication::instance() ? QCoreApplication::applicationDirPath()
                                                     : QFileInfo(QStringLiteral("/proc/self/exe")).canonicalPath();
    const QString candidates[] = { dir + QStringLiteral("/quantscope-layout"),
        dir + QStringLiteral("/../libexec/quantscope/quantscope-layout") };
    for (const QString& candidate : candidates) {
        const QFileInfo info(candidate);
        if (info.isFile() && info.isExecutable())
            return info.canonicalFilePath();
    }
    return {};
}

Result<ProcessLayout> parseLayoutOutput(std::string_view text)
{
    ProcessLayout out;
    size_t lineNumber = 0;
    bool header = false, box = false, end = false;
    while (!text.empty()) {
        const size_t eol = std::min(text.find('\n'), text.size());
        std::string_view line = text.substr(0, eol);
        const std::string_view whole = line;
        text.remove_prefix(std::min(eol + 1, text.size()));
        ++lineNumber;
        const std::string_view kind = nextToken(line);
        if (!header) {
            if (kind != "qs-layout" || nextToken(line) != "1")
                return malformed(lineNumber, whole);
            header = true;
        } else if (kind == "bb") {
            if (!nextPoint(line, out.lowerLeft) || !nextPoint(line, out.upperRight))
                return malformed(lineNumber, whole);
            box = true;
        } else if (kind == "node") {
            const std::string name(nextToken(line));
            ProcessLayout::Node n;
            if (name.empty() || !nextPoint(line, n.centre) || !nextNumber(line, n.widthInches)
                || !nextNumber(line, n.heightInches))
                return malformed(lineNumber, whole);
            out.nodes[name] = n;
        } else if (kind == "edge") {
            const std::string id(nextToken(line));
            double count = 0, flag = 0;
            if (id.empty() || !nextNumber(line, count) || count < 0 || count > 1e6)
                return malformed(lineNumber, whole);
            ProcessLayout::Edge e;
            e.bezier.resize(static_cast<size_t>(count));
            for (QPointF& p : e.bezier)
                if (!nextPoint(line, p))
                    return malformed(lineNumber, whole);
            if (!nextNumber(line, flag) || !nextPoint(line, e.arrowEnd))
                return malformed(lineNumber, whole);
            e.hasArrowEnd = flag != 0;
            if (const std::string_view more = nextToken(line); more == "lp") {
                QPointF centre, size;
                if (!nextPoint(line, centre) || !nextPoint(line, size))
                    return malformed(lineNumber, whole);
                e.label = QRectF(centre, QSizeF(size.x(), size.y()));
            } else if (!more.empty()) {
                return malformed(lineNumber, whole);
            }
            out.edges[id] = std::move(e);
        } else if (kind == "end") {
            end = true;
            break;
        } else if (!kind.empty()) {
            return malformed(lineNumber, whole);
        }
    }
    if (!header || !box || !end)
        return Status(StatusCode::Internal, "the layout process's output ended early");
    return out;
}

Result<ProcessLayout> runLayoutProcess(
    const std::string& dot, const std::string& displayName, const std::atomic<bool>* cancel)
{
    const auto cancelled = [cancel] { return cancel && cancel->load(std::memory_order_relaxed); };
    const auto failure = [&displayName](const std::string& why) {
        return Status(StatusCode::Internal, "Graphviz layout of " + displayName + " failed: " + why);
    };
    const QString helper = layoutHelperPath();
    if (helper.isEmpty())
        return failure("the layout program quantscope-layout was not found beside the application or in "
                       "../libexec/quantscope (set QS_LAYOUT_HELPER to its path)");
    if (cancelled())
        return Status(StatusCode::Cancelled, "layout cancelled");

    QProcess process;
    process.setProgram(helper);
    // A GUI that crashes or is killed takes its layout with it (the child would otherwise keep computing).
    process.setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
    process.start(QIODevice::ReadWrite);
    if (!process.waitForStarted(kStartTimeoutMs))
        return failure("could not start " + helper.toStdString() + ": " + process.errorString().toStdString());
    process.write(dot.data(), static_cast<qint64>(dot.size()));
    process.closeWriteChannel();
    while (process.state() != QProcess::NotRunning) {
        if (cancelled()) {
            process.kill();
            process.waitForFinished(-1);
            return Status(StatusCode::Cancelled, "layout cancelled");
        }
        process.waitForFinished(kPollMs);
    }
    if (process.exitStatus() == QProcess::CrashExit)
        return failure("the layout process crashed");
    if (process.exitCode() != 0) {
        const QString why = QString::fromLocal8Bit(process.readAllStandardError()).trimmed();
        return failure(why.isEmpty() ? "the layout process exited with code " + std::to_string(process.exitCode())
                                     : why.toStdString());
    }
    const QByteArray output = process.readAllStandardOutput();
    auto parsed = parseLayoutOutput(std::string_view(output.constData(), static_cast<size_t>(output.size())));
    if (!parsed)
        return failure(parsed.status().message());
    return parsed;
}

} // namespace qs::ui
