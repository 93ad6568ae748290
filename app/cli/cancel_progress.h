// SPDX-License-Identifier: MIT
// Ctrl-C as a CancelToken and a one-line progress counter on stderr, for commands that run models (parity, quantize).
#pragma once

#include <quantscope/engine/run_control.h>

#include <fmt/format.h>

#include <csignal>
#include <string>
#include <unistd.h>

namespace qs::cli {

/// While alive, SIGINT requests cancellation of token() instead of killing the process.
class SigintCancel
{
public:
    SigintCancel() { m_previous = std::signal(SIGINT, &SigintCancel::onSigint); }
    ~SigintCancel() { std::signal(SIGINT, m_previous); }
    SigintCancel(const SigintCancel&) = delete;
    SigintCancel& operator=(const SigintCancel&) = delete;
    static CancelToken& token()
    {
        static CancelToken t;
        return t;
    }

private:
    static void onSigint(int) { token().requestCancel(); }
    void (*m_previous)(int) = SIG_DFL;
};

/// "\r<label>: run 3/8" on a terminal, a newline at the end. Into a file or a pipe (a CI log) only the last line, so
/// the log does not hold one line of carriage returns per run.
class StderrProgress final : public ProgressSink
{
public:
    explicit StderrProgress(std::string label)
        : m_label(std::move(label))
        , m_terminal(::isatty(STDERR_FILENO) == 1)
    { }
    void progress(int64_t done, int64_t total) override
    {
        if (m_terminal)
            fmt::print(stderr, "\r{}: run {}/{}", m_label, done, total);
        else if (done == total)
            fmt::print(stderr, "{}: run {}/{}", m_label, done, total);
        if (done == total)
            fmt::print(stderr, "\n");
    }

private:
    std::string m_label;
    bool m_terminal = false;
};

} // namespace qs::cli
