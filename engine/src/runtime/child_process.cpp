// SPDX-License-Identifier: MIT
#include "child_process.h"

#include <fmt/format.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace qs::runtime {

namespace {

constexpr size_t kStderrTailBytes = 8192;

void closeFd(int& fd)
{
    if (fd >= 0)
        ::close(fd);
    fd = -1;
}

} // namespace

Result<std::unique_ptr<ChildProcess>> ChildProcess::start(
    const std::vector<std::string>& argv, const std::map<std::string, std::string>& environment)
{
    if (argv.empty())
        return Status(StatusCode::InvalidArgument, "child process: empty command");
    int in[2], out[2], err[2];
    if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0)
        return Status(StatusCode::IoError, fmt::format("cannot create pipes: {}", std::strerror(errno)));

    std::map<std::string, std::string> env;
    for (char** e = environ; e && *e; ++e) {
        const std::string kv(*e);
        const size_t eq = kv.find('=');
        if (eq != std::string::npos)
            env[kv.substr(0, eq)] = kv.substr(eq + 1);
    }
    for (const auto& [k, v] : environment)
        env[k] = v;
    std::vector<std::string> envStrings;
    for (const auto& [k, v] : env)
        envStrings.push_back(k + "=" + v);
    std::vector<char*> envp, args;
    for (std::string& s : envStrings)
        envp.push_back(s.data());
    envp.push_back(nullptr);
    std::vector<std::string> argvCopy = argv;
    for (std::string& s : argvCopy)
        args.push_back(s.data());
    args.push_back(nullptr);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[0], 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_adddup2(&actions, err[1], 2);
    pid_t pid = -1;
    const int rc = ::posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    ::close(in[0]);
    ::close(out[1]);
    ::close(err[1]);
    if (rc != 0) {
        ::close(in[1]);
        ::close(out[0]);
        ::close(err[0]);
        return Status(StatusCode::NotFound, fmt::format("cannot start '{}': {}", argv[0], std::strerror(rc)));
    }
    std::unique_ptr<ChildProcess> child(new ChildProcess);
    child->m_pid = pid;
    child->m_in = in[1];
    child->m_out = out[0];
    child->m_err = err[0];
    ::fcntl(child->m_err, F_SETFL, ::fcntl(child->m_err, F_GETFL) | O_NONBLOCK);
    return child;
}

ChildProcess::~ChildProcess()
{
    kill();
}

void ChildProcess::kill()
{
    if (m_pid > 0) {
        ::kill(m_pid, SIGKILL);
        int status = 0;
        while (::waitpid(m_pid, &status, 0) < 0 && errno == EINTR) { }
        m_exitStatus = status;
        m_pid = -1;
    }
    closeFd(m_in);
    closeFd(m_out);
    drainStderr();
    closeFd(m_err);
}

Status ChildProcess::writeLine(const std::string& line)
{
    if (m_in < 0)
        return Status(StatusCode::IoError, "the adapter process is not running");
    std::string data = line + "\n";
    // A child that exited would raise SIGPIPE; the error is reported instead.
    struct sigaction ignore
    {
    }, previous {};
    ignore.sa_handler = SIG_IGN;
    ::sigaction(SIGPIPE, &ignore, &previous);
    size_t done = 0;
    Status st;
    while (done < data.size()) {
        const ssize_t n = ::write(m_in, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            st = Status(StatusCode::IoError,
                fmt::format("writing to the adapter process failed: {}{}", std::strerror(errno), exitDescription()));
            break;
        }
        done += static_cast<size_t>(n);
    }
    ::sigaction(SIGPIPE, &previous, nullptr);
    return st;
}

void ChildProcess::drainStderr()
{
    if (m_err < 0)
        return;
    char buf[4096];
    for (;;) {
        const ssize_t n = ::read(m_err, buf, sizeof buf);
        if (n <= 0)
            break;
        m_errTail.append(buf, static_cast<size_t>(n));
    }
    if (m_errTail.size() > kStderrTailBytes)
        m_errTail.erase(0, m_errTail.size() - kStderrTailBytes);
}

std::string ChildProcess::stderrTail()
{
    drainStderr();
    return m_errTail;
}

std::string ChildProcess::exitDescription()
{
    if (m_pid > 0) {
        int status = 0;
        if (::waitpid(m_pid, &status, WNOHANG) == m_pid) {
            m_exitStatus = status;
            m_pid = -1;
        }
    }
    std::string text;
    if (m_pid < 0 && m_exitStatus >= 0)
        text = WIFEXITED(m_exitStatus) ? fmt::format(" (the adapter exited with status {})", WEXITSTATUS(m_exitStatus))
                                       : fmt::format(" (the adapter was killed by signal {})", WTERMSIG(m_exitStatus));
    std::string tail = stderrTail();
    while (!tail.empty() && (tail.back() == '\n' || tail.back() == '\r'))
        tail.pop_back();
    if (!tail.empty()) {
        // The last lines are where a runtime's error or a missing module shows.
        size_t start = tail.size();
        for (int lines = 0; lines < 6 && start > 0; ++lines)
            start = tail.rfind('\n', start - 1) == std::string::npos ? 0 : tail.rfind('\n', start - 1);
        text += ":\n" + tail.substr(start == 0 ? 0 : start + 1);
    }
    return text;
}

Result<std::string> ChildProcess::readLine(const std::function<bool()>& isCancelled)
{
    for (;;) {
        const size_t nl = m_outBuffer.find('\n');
        if (nl != std::string::npos) {
            std::string line = m_outBuffer.substr(0, nl);
            m_outBuffer.erase(0, nl + 1);
            return line;
        }
        if (m_out < 0)
            return Status(StatusCode::IoError, "the adapter process is not running");
        if (isCancelled && isCancelled()) {
            kill();
            return Status(StatusCode::Cancelled, "cancelled; the adapter process was stopped");
        }
        pollfd fds[2] = { { m_out, POLLIN, 0 }, { m_err, POLLIN, 0 } };
        const int n = ::poll(fds, 2, 50);
        if (n < 0 && errno != EINTR)
            return Status(StatusCode::IoError, fmt::format("waiting for the adapter failed: {}", std::strerror(errno)));
        if (n <= 0)
            continue;
        if (fds[1].revents & POLLIN)
            drainStderr();
        if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
            char buf[65536];
            const ssize_t r = ::read(m_out, buf, sizeof buf);
            if (r < 0 && errno == EINTR)
                continue;
            if (r <= 0) {
                closeFd(m_out);
                // Give the child a moment to finish so its exit status and last stderr lines can be reported.
                for (int i = 0; i < 20 && m_pid > 0; ++i) {
                    int status = 0;
                    if (::waitpid(m_pid, &status, WNOHANG) == m_pid) {
                        m_exitStatus = status;
                        m_pid = -1;
                        break;
                    }
                    ::usleep(10000);
                }
                return Status(StatusCode::IoError,
                    fmt::format("the adapter process closed its output unexpectedly{}", exitDescription()));
            }
            m_outBuffer.append(buf, static_cast<size_t>(r));
        }
    }
}

} // namespace qs::runtime
