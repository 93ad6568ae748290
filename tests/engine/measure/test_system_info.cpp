// SPDX-License-Identifier: MIT
// System information against an independent source: the kernel's /proc/cpuinfo.
#include <quantscope/engine/run_file.h>
#include <quantscope/engine/system_info.h>
#include <quantscope/engine/version.h>

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

namespace {

struct ProcCpuinfo
{
    std::set<std::string> flags;
    std::string vendor;
    std::string model;
    int processors = 0;
};

ProcCpuinfo readProcCpuinfo()
{
    ProcCpuinfo p;
    std::ifstream f("/proc/cpuinfo");
    std::string line;
    auto valueOf = [](const std::string& l) {
        auto v = l.substr(l.find(':') + 1);
        v.erase(0, v.find_first_not_of(" \t"));
        while (!v.empty() && (v.back() == ' ' || v.back() == '\t'))
            v.pop_back();
        return v;
    };
    while (std::getline(f, line)) {
        if (line.rfind("processor", 0) == 0)
            ++p.processors;
        else if (line.rfind("vendor_id", 0) == 0)
            p.vendor = valueOf(line);
        else if (line.rfind("model name", 0) == 0)
            p.model = valueOf(line);
        else if (line.rfind("flags", 0) == 0 && p.flags.empty()) {
            std::istringstream words(valueOf(line));
            std::string w;
            while (words >> w)
                p.flags.insert(w);
        }
    }
    return p;
}

TEST(SystemInfo, X86FeaturesMatchProcCpuinfo)
{
#if !defined(__x86_64__)
    GTEST_SKIP() << "x86-64 only";
#endif
    const ProcCpuinfo proc = readProcCpuinfo();
    if (proc.flags.empty())
        GTEST_SKIP() << "/proc/cpuinfo has no flags line";
    const qs::SystemInfo info = qs::collectSystemInfo();
    // Our names are the kernel's flag names except sse4_1 (same) — the kernel spells them identically.
    for (const char* f : { "sse4_1", "avx", "avx2", "fma", "f16c", "avx512f", "avx512bw", "avx512vl", "avx512_vnni",
             "avx_vnni", "amx_int8", "amx_bf16" }) {
        ASSERT_TRUE(info.isa.count(f)) << f;
        EXPECT_EQ(info.has(f), proc.flags.count(f) == 1) << "feature " << f;
    }
    EXPECT_EQ(info.cpuVendor, proc.vendor);
    EXPECT_EQ(info.cpuModel, proc.model);
    EXPECT_EQ(info.architecture, "x86_64");
    EXPECT_EQ(info.logicalProcessors, proc.processors);
    EXPECT_GE(info.cores, 1);
    EXPECT_LE(info.cores, info.logicalProcessors);
    const bool vnni = proc.flags.count("avx512_vnni") || proc.flags.count("avx_vnni") || proc.flags.count("amx_int8");
    EXPECT_EQ(info.hasInt8DotProduct(), vnni);
    EXPECT_EQ(info.int8PairsSaturate(), !vnni);
}

TEST(SystemInfo, VersionsAndOnednn)
{
    const qs::SystemInfo info = qs::collectSystemInfo();
    EXPECT_EQ(info.quantscopeVersion, qs::versionString());
    EXPECT_EQ(info.gitRevision, qs::gitRevision());
    EXPECT_EQ(info.onednnVersion.rfind("2.", 0), 0u) << info.onednnVersion; // Debian 12 ships oneDNN 2.x
    EXPECT_FALSE(info.onednnIsa.empty());
    EXPECT_NE(info.onednnIsa, "unknown");
#if defined(__x86_64__)
    // oneDNN never dispatches above what the CPU has
    if (!info.has("avx512f"))
        EXPECT_EQ(info.onednnIsa.find("avx512"), std::string::npos) << info.onednnIsa;
    if (info.has("avx2") && !info.hasInt8DotProduct() && !info.has("avx512f"))
        EXPECT_EQ(info.onednnIsa, "avx2");
#endif
    EXPECT_FALSE(info.os.empty());
    EXPECT_FALSE(info.compiler.empty());
}

TEST(SystemInfo, TextAndJsonNameEverything)
{
    const qs::SystemInfo info = qs::collectSystemInfo();
    const std::string text = qs::formatSystemInfo(info);
    for (const char* key : { "CPU", "Cores / threads", "ISA features", "OS", "Compiler", "Quantscope", "oneDNN" })
        EXPECT_NE(text.find(key), std::string::npos) << key;
    const std::string json = qs::systemInfoToJson(info);
    for (const char* key : { "\"cpuModel\"", "\"isa\"", "\"onednnIsa\"", "\"gitRevision\"", "\"caches\"" })
        EXPECT_NE(json.find(key), std::string::npos) << key;
}

} // namespace
