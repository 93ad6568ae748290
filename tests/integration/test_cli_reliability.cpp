// SPDX-License-Identifier: MIT
// quantscope-cli bench against hostile hand-made models, run as a process (issue 19): a ConstantOfShape asking for
// 4 TB fails its scenario with a message naming node and size instead of aborting on std::bad_alloc; a Loop of
// 10^15 iterations stops on SIGINT or SIGTERM and the partial run file is written; a signal while the model is still
// being read (from a named pipe the test feeds) cancels when the load returns, and a second SIGINT ends the process
// while the first is still waiting. The signal tests wait for the process under a generous limit; they assert that
// it ends, not how fast.
#include "cli_runner.h"
#include "onnx_builder.h"

#include <quantscope/engine/atomic_file.h>
#include <quantscope/engine/model_loader.h>
#include <quantscope/engine/model_writer.h>
#include <quantscope/engine/session.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <optional>
#include <sys/resource.h>
#include <sys/stat.h>
#include <thread>

namespace {

using namespace qs::test;
namespace fs = std::filesystem;

fs::path scratchDir(const std::string& name)
{
    const fs::path dir = fs::temp_directory_path() / ("qs_reliability_" + name + "_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

/// ConstantOfShape(shape = [10^6, 10^6] from the file): 4.0 TB of float zeros.
fs::path writeHugeFillModel(const fs::path& dir)
{
    ModelBuilder m(17);
    m.graph().rawInitializer<int64_t>("shape", onnx::TensorProto_DataType_INT64, { 2 }, { 1000000, 1000000 });
    m.graph().node("ConstantOfShape", { "shape" }, { "y" }, "huge_fill");
    m.graph().output("y", onnx::TensorProto_DataType_FLOAT);
    const fs::path path = dir / "huge_fill.onnx";
    m.save(path);
    return path;
}

/// Loop(M = 10^15 from the file, no condition) over acc' = acc + 1: endless in practice.
fs::path writeEndlessLoopModel(const fs::path& dir)
{
    ModelBuilder m(17);
    m.graph().rawInitializer<int64_t>("M", onnx::TensorProto_DataType_INT64, {}, { 1000000000000000 });
    m.graph().floatInitializer("one", { 1 }, { 1.0f });
    m.graph().input("init", onnx::TensorProto_DataType_FLOAT, { 1 });
    auto& loop = m.graph().node("Loop", { "M", "", "init" }, { "final" }, "endless");
    GraphBuilder body(setGraphAttr(loop, "body"), "body");
    body.input("i", onnx::TensorProto_DataType_INT64, {});
    body.input("c", onnx::TensorProto_DataType_BOOL, {});
    body.input("acc", onnx::TensorProto_DataType_FLOAT, { 1 });
    body.node("Identity", { "c" }, { "c2" });
    body.node("Add", { "acc", "one" }, { "acc2" });
    body.output("c2", onnx::TensorProto_DataType_BOOL, {}, true);
    body.output("acc2", onnx::TensorProto_DataType_FLOAT, { 1 }, true);
    m.graph().output("final", onnx::TensorProto_DataType_FLOAT, { 1 }, true);
    const fs::path path = dir / "endless_loop.onnx";
    m.save(path);
    return path;
}

/// quantscope-cli started with `args`, stdout to /dev/null and stderr to a pipe the test reads.
struct CliProcess
{
    pid_t pid = -1;
    int errFd = -1;
};

CliProcess startCli(const std::vector<std::string>& args)
{
    int errPipe[2];
    if (::pipe(errPipe) != 0)
        return {};
    std::vector<char*> argv { const_cast<char*>(QS_CLI_PATH) };
    for (const std::string& a : args)
        argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::dup2(errPipe[1], STDERR_FILENO);
        ::close(errPipe[0]);
        const int devNull = ::open("/dev/null", O_WRONLY);
        ::dup2(devNull, STDOUT_FILENO);
        ::execv(QS_CLI_PATH, argv.data());
        ::_exit(127);
    }
    ::close(errPipe[1]);
    return { pid, errPipe[0] };
}

/// The wait status once `pid` has ended, or nullopt if it is still running after `limit`.
std::optional<int> waitForExit(pid_t pid, std::chrono::seconds limit)
{
    int status = 0;
    const auto deadline = std::chrono::steady_clock::now() + limit;
    pid_t done = 0;
    while ((done = ::waitpid(pid, &status, WNOHANG)) == 0 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    if (done != pid)
        return std::nullopt;
    return status;
}

/// Appends what is left on `fd` to `text` (the writer has ended) and closes it.
void readRest(int fd, std::string& text)
{
    char buf[512];
    ssize_t n;
    while ((n = ::read(fd, buf, sizeof buf)) > 0)
        text.append(buf, size_t(n));
    ::close(fd);
}

/// Opens the write end of the named pipe `fifo` once the CLI `pid` has opened it for reading, i.e. is inside
/// loadModel: -1 if it ended first or did not get there within a generous limit. The descriptor blocks on write.
int openWhenReaderArrives(const fs::path& fifo, pid_t pid)
{
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (std::chrono::steady_clock::now() < deadline) {
        const int fd = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK); // ENXIO while nobody reads
        if (fd >= 0) {
            ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
            return fd;
        }
        int status = 0;
        if (errno != ENXIO || ::waitpid(pid, &status, WNOHANG) != 0)
            return -1;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return -1;
}

std::string slurp(const fs::path& p)
{
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST(CliReliability, HugeConstantOfShapeFailsTheScenarioWithAMessageInsteadOfAborting)
{
    const fs::path dir = scratchDir("huge");
    const fs::path model = writeHugeFillModel(dir);
    const fs::path runFile = dir / "run.json";
    const CliRun run = runCli({ "bench", model.string(), "--warmup", "0", "--runs", "1", "--json", runFile.string() });
    EXPECT_EQ(run.exitCode, 1) << run.err; // a failed scenario, not 134 (abort)
    EXPECT_NE(run.err.find("'huge_fill' (ConstantOfShape)"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("4.0 TB"), std::string::npos) << run.err;
    ASSERT_TRUE(fs::exists(runFile));
    std::ifstream in(runFile);
    const auto j = nlohmann::json::parse(in);
    ASSERT_EQ(j["scenarios"].size(), 1u);
    EXPECT_EQ(j["scenarios"][0]["status"], "failed");
    fs::remove_all(dir);
}

TEST(CliReliability, MemoryLimitOptionIsValidated)
{
    const CliRun run = runCli({ "bench", "x.onnx", "--memory-limit", "-5G" });
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.err.find("--memory-limit"), std::string::npos) << run.err;
}

class CliSignal : public ::testing::TestWithParam<int>
{
};

TEST_P(CliSignal, EndlessLoopStopsAndThePartialRunFileIsWritten)
{
    const fs::path dir = scratchDir("signal" + std::to_string(GetParam()));
    const fs::path model = writeEndlessLoopModel(dir);
    const fs::path runFile = dir / "run.json";
    const CliProcess cli
        = startCli({ "bench", model.string(), "--warmup", "0", "--runs", "3", "--json", runFile.string() });
    ASSERT_GT(cli.pid, 0);
    // Signal only once the scenario has started (the handler is installed before it): its line on stderr.
    std::string err;
    char buf[512];
    while (err.find("...") == std::string::npos) {
        const ssize_t n = ::read(cli.errFd, buf, sizeof buf);
        if (n <= 0)
            break;
        err.append(buf, size_t(n));
    }
    ASSERT_NE(err.find("..."), std::string::npos) << err;
    ASSERT_EQ(::kill(cli.pid, GetParam()), 0);
    const auto status = waitForExit(cli.pid, std::chrono::seconds(120));
    if (!status) {
        ::kill(cli.pid, SIGKILL);
        ::waitpid(cli.pid, nullptr, 0);
        FAIL() << "bench did not stop on signal " << GetParam();
    }
    readRest(cli.errFd, err);
    ASSERT_TRUE(WIFEXITED(*status)) << err;
    EXPECT_EQ(WEXITSTATUS(*status), 130) << err;
    EXPECT_NE(err.find("partial results kept"), std::string::npos) << err;
    ASSERT_TRUE(fs::exists(runFile)) << err;
    std::ifstream in(runFile);
    const auto j = nlohmann::json::parse(in);
    EXPECT_EQ(j["partial"], true) << j.dump(2).substr(0, 2000);
    ASSERT_EQ(j["scenarios"].size(), 1u);
    EXPECT_EQ(j["scenarios"][0]["status"], "partial");
    fs::remove_all(dir);
}

TEST_P(CliSignal, SignalWhileTheModelIsReadCancelsWhenTheLoadReturns)
{
    // The model comes through a named pipe that the test writes only after signalling, so the signal certainly
    // arrives while loadModel is blocked reading it (a real case: `bench <(curl ...)`, a slow disk). The loader has
    // no cancel check; the command must neither die on the signal nor ignore it: once the load returns it stops with
    // "cancelled", exit 130, measures nothing and writes no run file.
    const fs::path dir = scratchDir("load_signal" + std::to_string(GetParam()));
    const std::string bytes = slurp(writeEndlessLoopModel(dir));
    const fs::path fifo = dir / "piped.onnx";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const fs::path runFile = dir / "run.json";
    const CliProcess cli
        = startCli({ "bench", fifo.string(), "--warmup", "0", "--runs", "3", "--json", runFile.string() });
    ASSERT_GT(cli.pid, 0);
    const int writer = openWhenReaderArrives(fifo, cli.pid);
    if (writer < 0) {
        ::kill(cli.pid, SIGKILL);
        ::waitpid(cli.pid, nullptr, 0);
        FAIL() << "bench never opened the model";
    }
    ASSERT_EQ(::kill(cli.pid, GetParam()), 0);
    // The signal is pending or handled before the process can read the first byte written here.
    ASSERT_EQ(::write(writer, bytes.data(), bytes.size()), ssize_t(bytes.size()));
    ::close(writer);
    const auto status = waitForExit(cli.pid, std::chrono::seconds(120));
    if (!status) {
        ::kill(cli.pid, SIGKILL);
        ::waitpid(cli.pid, nullptr, 0);
        FAIL() << "bench did not stop after a signal during loading";
    }
    std::string err;
    readRest(cli.errFd, err);
    ASSERT_TRUE(WIFEXITED(*status)) << "killed by signal " << WTERMSIG(*status) << "\n" << err;
    EXPECT_EQ(WEXITSTATUS(*status), 130) << err;
    EXPECT_NE(err.find("cancelled while loading"), std::string::npos) << err;
    EXPECT_EQ(err.find("..."), std::string::npos) << "a scenario started:\n" << err;
    EXPECT_FALSE(fs::exists(runFile));
    fs::remove_all(dir);
}

TEST(CliSecondInterrupt, EndsTheProcessWhileTheFirstWaitsForALoad)
{
    // The first SIGINT cannot take effect while the model is being read: the test keeps the pipe open without
    // writing, so the load, and with it the first cancellation, would wait for ever. The second SIGINT must end the
    // process anyway, with status 130, and without the orderly "cancelled" path (which runs only after the load).
    const fs::path dir = scratchDir("second_sigint");
    const fs::path fifo = dir / "piped.onnx";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const CliProcess cli = startCli({ "bench", fifo.string(), "--warmup", "0", "--runs", "3" });
    ASSERT_GT(cli.pid, 0);
    const int writer = openWhenReaderArrives(fifo, cli.pid);
    if (writer < 0) {
        ::kill(cli.pid, SIGKILL);
        ::waitpid(cli.pid, nullptr, 0);
        FAIL() << "bench never opened the model";
    }
    ASSERT_EQ(::kill(cli.pid, SIGINT), 0);
    // Still running half a second after the first SIGINT: it was caught, not fatal, and the load still blocks.
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    int early = 0;
    const pid_t endedEarly = ::waitpid(cli.pid, &early, WNOHANG);
    std::string err;
    if (endedEarly == cli.pid) {
        ::close(writer);
        readRest(cli.errFd, err);
        FAIL() << "the first SIGINT ended bench (status " << early << "):\n" << err;
    }
    ASSERT_EQ(::kill(cli.pid, SIGINT), 0);
    const auto status = waitForExit(cli.pid, std::chrono::seconds(60));
    ::close(writer); // only now: until here the first cancellation could not have completed
    if (!status) {
        ::kill(cli.pid, SIGKILL);
        ::waitpid(cli.pid, nullptr, 0);
        FAIL() << "a second SIGINT did not end bench";
    }
    readRest(cli.errFd, err);
    ASSERT_TRUE(WIFEXITED(*status)) << "killed by signal " << WTERMSIG(*status) << "\n" << err;
    EXPECT_EQ(WEXITSTATUS(*status), 130) << err;
    EXPECT_EQ(err.find("cancelled while loading"), std::string::npos) << err;
    fs::remove_all(dir);
}

TEST(PipedModels, ANamedPipeLoadsAndItsSizeLimitHolds)
{
    // A pipe has no size to check before reading (`bench <(curl ...)`): the loader reads it to its end, and still
    // refuses it once it passes maxFileBytes.
    const fs::path dir = scratchDir("pipe");
    const std::string bytes = slurp(writeEndlessLoopModel(dir));
    const fs::path fifo = dir / "piped.onnx";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    auto feed = [&] {
        // Opening blocks until loadModel opens the other end. A refused load may close its end before everything
        // is written: SIGPIPE is ignored meanwhile so that is a failed write, not a dead test.
        std::thread writer([&] {
            std::ofstream out(fifo, std::ios::binary);
            out.write(bytes.data(), std::streamsize(bytes.size()));
        });
        return writer;
    };
    // A loader that returns without opening the pipe (a regression) must fail the test, not hang it: opening the
    // read end here releases a writer still waiting in open().
    auto finish = [&](std::thread& writer) {
        const int release = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
        writer.join();
        if (release >= 0)
            ::close(release);
    };
    const auto previous = std::signal(SIGPIPE, SIG_IGN);
    std::thread writer = feed();
    auto model = qs::loadModel(fifo);
    finish(writer);
    ASSERT_TRUE(model.isOk()) << model.status().toString();
    EXPECT_EQ((*model)->fileSizeBytes, int64_t(bytes.size()));

    qs::LoadOptions small;
    small.maxFileBytes = int64_t(bytes.size()) - 1;
    writer = feed();
    auto refused = qs::loadModel(fifo, small);
    finish(writer);
    std::signal(SIGPIPE, previous);
    ASSERT_FALSE(refused.isOk());
    EXPECT_NE(refused.status().message().find("larger than the limit"), std::string::npos)
        << refused.status().toString();
    fs::remove_all(dir);
}

TEST(Faults, ExternalDataRemovedBetweenOpenAndRunDoesNotMatter)
{
    // The loader copies external data into memory when it opens the model, so the file may vanish before the run:
    // y = x + w with w = {10, 20} read from w.bin, checked by hand after w.bin is deleted.
    const fs::path dir = scratchDir("external");
    ModelBuilder m(17);
    m.graph().input("x", onnx::TensorProto_DataType_FLOAT, { 2 });
    auto& w = m.graph().initializer("w", onnx::TensorProto_DataType_FLOAT, { 2 });
    w.set_data_location(onnx::TensorProto_DataLocation_EXTERNAL);
    auto* location = w.add_external_data();
    location->set_key("location");
    location->set_value("w.bin");
    m.graph().node("Add", { "x", "w" }, { "y" }, "add");
    m.graph().output("y", onnx::TensorProto_DataType_FLOAT);
    m.save(dir / "model.onnx");
    const float weights[2] = { 10.0f, 20.0f };
    std::ofstream(dir / "w.bin", std::ios::binary).write(reinterpret_cast<const char*>(weights), sizeof weights);

    auto model = qs::loadModel(dir / "model.onnx");
    ASSERT_TRUE(model.isOk()) << model.status().toString();
    fs::remove(dir / "w.bin");
    auto session = qs::Session::create(*model, {});
    ASSERT_TRUE(session.isOk()) << session.status().toString();
    std::vector<qs::HostTensor> in;
    in.push_back(qs::HostTensor::fromVector(qs::DataType::Float, { 2 }, std::vector<float> { 1, 2 }));
    auto out = (*session)->run(in);
    ASSERT_TRUE(out.isOk()) << out.status().toString();
    EXPECT_EQ(out->at(0).data<float>()[0], 11.0f);
    EXPECT_EQ(out->at(0).data<float>()[1], 22.0f);
    fs::remove_all(dir);
}

TEST(Faults, ADiskFullWriteKeepsThePreviousFileAndLeavesNoTemporary)
{
    // A full disk, simulated with RLIMIT_FSIZE in a child process (root ignores read-only folders, so permissions
    // cannot stand in for it): writing a model and a report larger than the limit must fail with the file's name and
    // leave both previous files byte for byte, with no temporary file in the folder.
    const fs::path dir = scratchDir("disk_full");
    ModelBuilder m(17);
    m.graph().input("x", onnx::TensorProto_DataType_FLOAT, { 4096 });
    m.graph().floatInitializer("w", { 4096 }, std::vector<float>(4096, 0.5f)); // 16 KiB serialized
    m.graph().node("Add", { "x", "w" }, { "y" }, "add");
    m.graph().output("y", onnx::TensorProto_DataType_FLOAT);
    m.save(dir / "source.onnx");
    auto model = qs::loadModel(dir / "source.onnx");
    ASSERT_TRUE(model.isOk()) << model.status().toString();
    const std::string oldModel = "previous model", oldReport = "previous report";
    std::ofstream(dir / "out.onnx", std::ios::binary) << oldModel;
    std::ofstream(dir / "report.md", std::ios::binary) << oldReport;

    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        ::signal(SIGXFSZ, SIG_IGN); // write() then fails with EFBIG instead of killing the process
        const rlimit limit { 4096, 4096 };
        if (::setrlimit(RLIMIT_FSIZE, &limit) != 0)
            ::_exit(100);
        int ok = 0;
        const qs::Status saved = qs::saveModel(**model, dir / "out.onnx");
        if (!saved.isOk() && saved.code() == qs::StatusCode::IoError
            && saved.message().find("out.onnx") != std::string::npos)
            ok |= 1;
        const qs::Status written = qs::writeFileAtomically(dir / "report.md", std::string(64 * 1024, '#'));
        if (!written.isOk() && written.code() == qs::StatusCode::IoError
            && written.message().find("report.md") != std::string::npos)
            ok |= 2;
        ::_exit(ok);
    }
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFEXITED(status));
    ASSERT_NE(WEXITSTATUS(status), 100) << "setrlimit failed";
    EXPECT_TRUE(WEXITSTATUS(status) & 1) << "saveModel did not report the failed write";
    EXPECT_TRUE(WEXITSTATUS(status) & 2) << "writeFileAtomically did not report the failed write";
    EXPECT_EQ(slurp(dir / "out.onnx"), oldModel);
    EXPECT_EQ(slurp(dir / "report.md"), oldReport);
    std::vector<std::string> files;
    for (const auto& e : fs::directory_iterator(dir))
        files.push_back(e.path().filename().string());
    std::sort(files.begin(), files.end());
    EXPECT_EQ(files, (std::vector<std::string> { "out.onnx", "report.md", "source.onnx" }));
    fs::remove_all(dir);
}

TEST(HostileModels, ZeroStrideLoadsWithAWarningAndPreparationNamesTheNode)
{
    // libonnx's convolution inference divides by the strides unchecked: this model was a SIGFPE in the loader (found
    // by fuzz_loader; the file is tests/fuzz/regressions/fuzz_loader/conv_zero_stride.onnx). The loader now skips
    // inference with a warning, so the graph can still be shown, and preparing a session names node and attribute.
    const fs::path dir = scratchDir("zero_stride");
    ModelBuilder m(13);
    m.graph().input("x", onnx::TensorProto_DataType_FLOAT, { 1, 1, 4, 4 });
    m.graph().floatInitializer("w", { 1, 1, 2, 2 }, { 1.0f, 1.0f, 1.0f, 1.0f });
    setAttr(m.graph().node("Conv", { "x", "w" }, { "y" }, "conv"), "strides", { 0, 1 });
    m.graph().output("y", onnx::TensorProto_DataType_FLOAT);
    m.save(dir / "zero_stride.onnx");
    auto model = qs::loadModel(dir / "zero_stride.onnx");
    ASSERT_TRUE(model.isOk()) << model.status().toString();
    EXPECT_FALSE((*model)->shapeInference.ran);
    EXPECT_NE((*model)->shapeInference.message.find("node 'conv' (Conv): strides contains 0"), std::string::npos)
        << (*model)->shapeInference.message;
    for (const qs::ExecutionMode mode : { qs::ExecutionMode::AsWritten, qs::ExecutionMode::Optimized }) {
        qs::SessionOptions options;
        options.mode = mode;
        auto session = qs::Session::create(*model, options);
        ASSERT_FALSE(session.isOk());
        EXPECT_EQ(session.status().code(), qs::StatusCode::InvalidModel);
        EXPECT_NE(session.status().message().find("node 'conv' (Conv): strides contains 0"), std::string::npos)
            << session.status().message();
    }
    fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(Signals, CliSignal, ::testing::Values(SIGINT, SIGTERM),
    [](const auto& info) { return std::string(info.param == SIGINT ? "SIGINT" : "SIGTERM"); });

} // namespace
