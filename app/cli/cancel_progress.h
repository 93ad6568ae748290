// SPDX-License-Identifier: MIT
// Ctrl-C as a CancelToken and a one-line progress counter on stderr, for commands that run models (parity, quantize).
#pragma once

#include <quantscope/engine/run_control.h>

#include <fmt/format.h>

#include <csignal>
#include <string>

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

/// "\r<label>: run 3/8" on stderr, a newline at the end.
class StderrProgress final : public ProgressSink
{
public:
    explicit StderrProgress(std::string label)
        : m_label(std::move(label))
    { }
    void progress(int64_t done, int64_t total) override
    {
        fmt::print(stderr, "\r{}: run {}/{}", m_label, done, total);
        if (done == total)
            fmt::print(stderr, "\n");
    }

private:
    std::string m_label;
};

} // namespace qs::cli
