// SPDX-License-Identifier: MIT
// A child process with line-based pipes to its stdin/stdout and a captured stderr tail (POSIX). Used to talk to
// runtime adapters; killing it is how cancellation reaches a runtime in the middle of a run.
#pragma once

#include <quantscope/engine/status.h>

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <sys/types.h>
#include <vector>

namespace qs::runtime {

class ChildProcess
{
public:
    /// Starts argv[0] (searched in PATH) with argv, the parent's environment plus `environment`.
    static Result<std::unique_ptr<ChildProcess>> start(
        const std::vector<std::string>& argv, const std::map<std::string, std::string>& environment);
    ~ChildProcess(); ///< kills the child if it still runs and reaps it
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    /// Writes `line` plus '\n' to the child's stdin.
    Status writeLine(const std::string& line);
    /// Reads the next stdout line (without '\n'). Polls `isCancelled` every 50 ms; when it turns true, kills the
    /// child and returns Cancelled. When the child exits or closes stdout first, returns IoError with its exit
    /// status and the last lines of its stderr.
    Result<std::string> readLine(const std::function<bool()>& isCancelled);
    /// SIGKILL and reap; idempotent.
    void kill();
    bool running() const noexcept { return m_pid > 0; }
    /// The last few KiB the child wrote to stderr.
    std::string stderrTail();

private:
    ChildProcess() = default;
    void drainStderr();
    std::string exitDescription();

    pid_t m_pid = -1;
    int m_in = -1, m_out = -1, m_err = -1;
    std::string m_outBuffer;
    std::string m_errTail;
    int m_exitStatus = -1;
};

} // namespace qs::runtime
