// SPDX-License-Identifier: MIT
// The machine a measurement ran on: CPU, ISA features that decide INT8 speed, OS, compiler, library versions.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace qs {

struct CacheInfo
{
    std::string level; ///< "L1d", "L1i", "L2", "L3"
    int64_t sizeBytes = 0; ///< one instance
    int64_t instances = 0;
    int64_t sharedByProcessors = 0; ///< logical processors sharing one instance
};

struct SystemInfo
{
    std::string architecture; ///< "x86_64", "aarch64"
    std::string cpuVendor; ///< "AuthenticAMD", "GenuineIntel" (x86 CPUID) or libcpuinfo's vendor name
    std::string cpuModel; ///< CPUID brand string on x86, else libcpuinfo's package name
    int64_t packages = 0;
    int64_t cores = 0; ///< physical
    int64_t logicalProcessors = 0;
    std::vector<CacheInfo> caches;
    /// Feature name -> present. Names: sse4_1 avx avx2 fma f16c avx512f avx512bw avx512vl avx512_vnni avx_vnni
    /// amx_int8 amx_bf16 (x86); neon dotprod i8mm sve (Arm). Every name of the architecture is present as a key.
    std::map<std::string, bool> isa;
    std::string os; ///< "Debian GNU/Linux 12 (bookworm), Linux 6.1.0"
    std::string compiler; ///< "GCC 12.2.0"
    std::string quantscopeVersion;
    std::string gitRevision;
    std::string onednnVersion; ///< "2.6.3 (git hash)"
    std::string onednnIsa; ///< what oneDNN dispatches to: "avx2", "avx512_core_vnni", ...

    bool has(const std::string& feature) const
    {
        auto it = isa.find(feature);
        return it != isa.end() && it->second;
    }
    /// True when the CPU has an int8 dot-product instruction (AVX512-VNNI, AVX-VNNI, AMX-INT8, Arm dotprod/i8mm).
    bool hasInt8DotProduct() const;
    /// True on x86 without any VNNI/AMX: u8*s8 pairs are summed into saturating int16 (vpmaddubsw).
    bool int8PairsSaturate() const;
};

/// Collects the information once per call (libcpuinfo, CPUID, uname, /etc/os-release, oneDNN). Thread-safe.
SystemInfo collectSystemInfo();

/// The x86 ISA feature names in a fixed display order, then the Arm ones.
const std::vector<std::string>& isaFeatureNames();

/// Human-readable multi-line text (for `quantscope-cli sysinfo`).
std::string formatSystemInfo(const SystemInfo& info);

} // namespace qs
