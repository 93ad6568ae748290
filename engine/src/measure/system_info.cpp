// SPDX-License-Identifier: MIT
#include "onednn_info.h"

#include <quantscope/engine/system_info.h>
#include <quantscope/engine/version.h>

#include <cpuinfo.h>
#include <fmt/format.h>

#include <cstring>
#include <fstream>
#include <sys/utsname.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define QS_X86 1
#endif
#if defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
#endif

namespace qs {

namespace {

const std::vector<std::string> kX86Features { "sse4_1", "avx", "avx2", "fma", "f16c", "avx512f", "avx512bw", "avx512vl",
    "avx512_vnni", "avx_vnni", "amx_int8", "amx_bf16" };
const std::vector<std::string> kArmFeatures { "neon", "dotprod", "i8mm", "sve" };

#ifdef QS_X86
std::string cpuidVendor()
{
    unsigned a, b, c, d;
    if (!__get_cpuid(0, &a, &b, &c, &d))
        return {};
    char v[13] {};
    std::memcpy(v, &b, 4);
    std::memcpy(v + 4, &d, 4);
    std::memcpy(v + 8, &c, 4);
    return v;
}

std::string cpuidBrand()
{
    unsigned a, b, c, d;
    if (!__get_cpuid(0x80000000, &a, &b, &c, &d) || a < 0x80000004)
        return {};
    char brand[49] {};
    for (unsigned leaf = 0; leaf < 3; ++leaf) {
        __get_cpuid(0x80000002 + leaf, &a, &b, &c, &d);
        std::memcpy(brand + leaf * 16, &a, 4);
        std::memcpy(brand + leaf * 16 + 4, &b, 4);
        std::memcpy(brand + leaf * 16 + 8, &c, 4);
        std::memcpy(brand + leaf * 16 + 12, &d, 4);
    }
    std::string s = brand;
    while (!s.empty() && s.back() == ' ')
        s.pop_back();
    return s.substr(s.find_first_not_of(' ') == std::string::npos ? 0 : s.find_first_not_of(' '));
}

// libcpuinfo's 2022 snapshot predates AVX-VNNI and AMX: read them from CPUID leaf 7 directly.
void cpuidLeaf7(std::map<std::string, bool>& isa)
{
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (__get_cpuid_max(0, nullptr) < 7)
        return;
    __cpuid_count(7, 0, a, b, c, d);
    isa["amx_bf16"] = (d >> 22) & 1;
    isa["amx_int8"] = (d >> 25) & 1;
    const unsigned maxSub = a;
    if (maxSub >= 1) {
        __cpuid_count(7, 1, a, b, c, d);
        isa["avx_vnni"] = (a >> 4) & 1;
    }
}
#endif

#ifdef __linux__
// The kernel's "model name", the name lscpu, /proc/cpuinfo and Node's os.cpus() (the bench scripts' machine line)
// show. Under some hypervisors it differs from what CPUID's brand leaves return later (seen: "AMD EPYC" against
// "Oxide Virtual Turin-like Processor"); one name across the run file, the report and bench/RESULTS.md matters more.
std::string kernelCpuModelName()
{
    std::ifstream f("/proc/cpuinfo");
    std::string line;
    while (std::getline(f, line)) {
        if (line.rfind("model name", 0) != 0 || line.find(':') == std::string::npos)
            continue;
        std::string v = line.substr(line.find(':') + 1);
        v.erase(0, v.find_first_not_of(" \t"));
        while (!v.empty() && (v.back() == ' ' || v.back() == '\t'))
            v.pop_back();
        return v;
    }
    return {};
}
#endif

std::string osDescription()
{
    std::string pretty;
    std::ifstream f("/etc/os-release");
    std::string line;
    while (std::getline(f, line)) {
        if (line.rfind("PRETTY_NAME=", 0) == 0) {
            pretty = line.substr(12);
            if (pretty.size() >= 2 && pretty.front() == '"' && pretty.back() == '"')
                pretty = pretty.substr(1, pretty.size() - 2);
        }
    }
    utsname u {};
    std::string kernel;
    if (uname(&u) == 0)
        kernel = fmt::format("{} {}", u.sysname, u.release);
    if (pretty.empty())
        return kernel;
    return kernel.empty() ? pretty : fmt::format("{}, {}", pretty, kernel);
}

std::string compilerDescription()
{
#if defined(__clang__)
    return fmt::format("Clang {}.{}.{}", __clang_major__, __clang_minor__, __clang_patchlevel__);
#elif defined(__GNUC__)
    return fmt::format("GCC {}.{}.{}", __GNUC__, __GNUC_MINOR__, __GNUC_PATCHLEVEL__);
#else
    return "unknown";
#endif
}

void addCache(std::vector<CacheInfo>& out, const char* level, uint32_t count, const cpuinfo_cache* first)
{
    if (count == 0 || !first)
        return;
    out.push_back({ level, first->size, count, first->processor_count });
}

} // namespace

const std::vector<std::string>& isaFeatureNames()
{
    static const std::vector<std::string> names = [] {
        std::vector<std::string> all = kX86Features;
        all.insert(all.end(), kArmFeatures.begin(), kArmFeatures.end());
        return all;
    }();
    return names;
}

bool SystemInfo::hasInt8DotProduct() const
{
    return has("avx512_vnni") || has("avx_vnni") || has("amx_int8") || has("dotprod") || has("i8mm");
}

bool SystemInfo::int8PairsSaturate() const
{
    const bool x86 = architecture == "x86_64" || architecture == "i386";
    return x86 && !has("avx512_vnni") && !has("avx_vnni") && !has("amx_int8");
}

bool SystemInfo::onednnUsesInt8DotProduct() const
{
    const bool x86 = architecture == "x86_64" || architecture == "i386";
    if (!x86)
        return hasInt8DotProduct();
    // avx512_core_bf16 and avx512_core_amx include VNNI; avx2_vnni and avx512_core_vnni name it.
    return onednnIsa.find("vnni") != std::string::npos || onednnIsa.find("bf16") != std::string::npos
        || onednnIsa.find("amx") != std::string::npos;
}

SystemInfo collectSystemInfo()
{
    SystemInfo info;
    utsname u {};
    if (uname(&u) == 0)
        info.architecture = u.machine;
    const bool ok = cpuinfo_initialize();
    if (ok) {
        info.packages = cpuinfo_get_packages_count();
        info.cores = cpuinfo_get_cores_count();
        info.logicalProcessors = cpuinfo_get_processors_count();
        if (const cpuinfo_package* p = cpuinfo_get_package(0))
            info.cpuModel = p->name;
        addCache(info.caches, "L1d", cpuinfo_get_l1d_caches_count(), cpuinfo_get_l1d_cache(0));
        addCache(info.caches, "L1i", cpuinfo_get_l1i_caches_count(), cpuinfo_get_l1i_cache(0));
        addCache(info.caches, "L2", cpuinfo_get_l2_caches_count(), cpuinfo_get_l2_cache(0));
        addCache(info.caches, "L3", cpuinfo_get_l3_caches_count(), cpuinfo_get_l3_cache(0));
    }
#ifdef QS_X86
    for (const auto& f : kX86Features)
        info.isa[f] = false;
    if (ok) {
        info.isa["sse4_1"] = cpuinfo_has_x86_sse4_1();
        info.isa["avx"] = cpuinfo_has_x86_avx();
        info.isa["avx2"] = cpuinfo_has_x86_avx2();
        info.isa["fma"] = cpuinfo_has_x86_fma3();
        info.isa["f16c"] = cpuinfo_has_x86_f16c();
        info.isa["avx512f"] = cpuinfo_has_x86_avx512f();
        info.isa["avx512bw"] = cpuinfo_has_x86_avx512bw();
        info.isa["avx512vl"] = cpuinfo_has_x86_avx512vl();
        info.isa["avx512_vnni"] = cpuinfo_has_x86_avx512vnni();
    }
    cpuidLeaf7(info.isa);
    info.cpuVendor = cpuidVendor();
    if (std::string brand = cpuidBrand(); !brand.empty())
        info.cpuModel = brand;
#else
    for (const auto& f : kArmFeatures)
        info.isa[f] = false;
    if (ok) {
        info.isa["neon"] = cpuinfo_has_arm_neon();
        info.isa["dotprod"] = cpuinfo_has_arm_neon_dot();
        info.isa["sve"] = cpuinfo_has_arm_sve();
    }
#if defined(__aarch64__) && defined(__linux__)
    // libcpuinfo 2022 lacks i8mm; HWCAP2_I8MM is bit 13.
    info.isa["i8mm"] = (getauxval(AT_HWCAP2) >> 13) & 1;
#endif
#endif
#ifdef __linux__
    if (std::string name = kernelCpuModelName(); !name.empty())
        info.cpuModel = name;
#endif
    info.os = osDescription();
    info.compiler = compilerDescription();
    info.quantscopeVersion = std::string(versionString());
    info.gitRevision = std::string(gitRevision());
    info.onednnVersion = detail::onednnVersion();
    info.onednnIsa = detail::onednnEffectiveIsa();
    return info;
}

std::string formatSystemInfo(const SystemInfo& info)
{
    std::string out;
    auto line = [&](std::string_view key, const std::string& value) { out += fmt::format("{:<20} {}\n", key, value); };
    line("CPU", fmt::format("{} ({})", info.cpuModel, info.cpuVendor.empty() ? "vendor unknown" : info.cpuVendor));
    line("Architecture", info.architecture);
    line("Cores / threads",
        fmt::format(
            "{} cores, {} logical processors, {} package(s)", info.cores, info.logicalProcessors, info.packages));
    for (const CacheInfo& c : info.caches)
        line(c.level,
            fmt::format("{} KiB x {} (shared by {} logical processors)", c.sizeBytes / 1024, c.instances,
                c.sharedByProcessors));
    std::string yes, no;
    for (const auto& name : isaFeatureNames()) {
        auto it = info.isa.find(name);
        if (it == info.isa.end())
            continue;
        std::string& list = it->second ? yes : no;
        if (!list.empty())
            list += ' ';
        list += name;
    }
    line("ISA features", yes.empty() ? "(none detected)" : yes);
    line("Not available", no.empty() ? "-" : no);
    line("INT8 dot product",
        info.hasInt8DotProduct()
            ? "yes"
            : (info.int8PairsSaturate() ? "no (u8*s8 pairs summed in saturating int16, vpmaddubsw)" : "no"));
    line("OS", info.os);
    line("Compiler", info.compiler);
    line("Quantscope", fmt::format("{} (git {})", info.quantscopeVersion, info.gitRevision));
    const bool limited = info.hasInt8DotProduct() && !info.onednnUsesInt8DotProduct();
    line("oneDNN",
        fmt::format("{}, dispatching to {}{}", info.onednnVersion, info.onednnIsa,
            limited ? " (below the CPU's int8 dot product; DNNL_MAX_CPU_ISA set?)" : ""));
    return out;
}

} // namespace qs
