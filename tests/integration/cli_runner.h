// SPDX-License-Identifier: MIT
// Runs quantscope-cli as a child process and captures its exit code, stdout and stderr.
#pragma once

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace qs::test {

struct CliRun
{
    int exitCode = -1;
    std::string out;
    std::string err;
};

inline std::string shellQuote(const std::string& s)
{
    std::string q = "'";
    for (char c : s)
        q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

inline CliRun runCli(const std::vector<std::string>& args)
{
    const auto errFile = std::filesystem::temp_directory_path() / ("qs_cli_err_" + std::to_string(::getpid()));
    std::string cmd = shellQuote(QS_CLI_PATH);
    for (const std::string& a : args)
        cmd += " " + shellQuote(a);
    cmd += " 2>" + shellQuote(errFile.string());
    CliRun run;
    FILE* pipe = ::popen(cmd.c_str(), "r");
    if (!pipe)
        return run;
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, pipe)) > 0)
        run.out.append(buf, n);
    const int status = ::pclose(pipe);
    run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    std::ifstream in(errFile, std::ios::binary);
    run.err.assign(std::istreambuf_iterator<char>(in), {});
    std::filesystem::remove(errFile);
    return run;
}

} // namespace qs::test
