// SPDX-License-Identifier: MIT
#include <quantscope/engine/resource_limits.h>
#include <quantscope/engine/tensor.h>

#include <fmt/format.h>

#include <atomic>
#include <limits>
#include <unistd.h>

namespace qs {

namespace {
std::atomic<int64_t> g_limit { 0 }; // 0 = the default
} // namespace

int64_t defaultTensorByteLimit() noexcept
{
    static const int64_t limit = [] {
        const long pages = ::sysconf(_SC_PHYS_PAGES);
        const long pageSize = ::sysconf(_SC_PAGESIZE);
        if (pages <= 0 || pageSize <= 0)
            return int64_t(1) << 30;
        // Half: the arena, weights and the inputs share the other half with the rest of the system.
        return int64_t(pages) / 2 * int64_t(pageSize);
    }();
    return limit;
}

int64_t tensorByteLimit() noexcept
{
    const int64_t l = g_limit.load(std::memory_order_relaxed);
    return l > 0 ? l : defaultTensorByteLimit();
}

void setTensorByteLimit(int64_t bytes) noexcept
{
    g_limit.store(bytes > 0 ? bytes : 0, std::memory_order_relaxed);
}

std::optional<int64_t> checkedTensorBytes(DataType type, std::span<const int64_t> dims) noexcept
{
    int64_t n = int64_t(dataTypeSize(type));
    for (int64_t d : dims) {
        if (d < 0)
            return std::nullopt;
        if (d != 0 && n > std::numeric_limits<int64_t>::max() / d)
            return std::nullopt;
        n *= d;
    }
    // Even an empty tensor keeps a zero n; overflow was the only failure.
    return n;
}

std::string formatByteSize(int64_t bytes)
{
    static const char* const kUnits[] = { "B", "kB", "MB", "GB", "TB", "PB", "EB" };
    double v = double(bytes);
    size_t u = 0;
    while (v >= 1000.0 && u + 1 < std::size(kUnits)) {
        v /= 1000.0;
        ++u;
    }
    return u == 0 ? fmt::format("{} B", bytes) : fmt::format("{:.1f} {}", v, kUnits[u]);
}

Status checkByteAllocation(int64_t bytes, const std::string& what)
{
    const int64_t limit = tensorByteLimit();
    if (bytes >= 0 && bytes <= limit)
        return Status::ok();
    const std::string size = bytes < 0 ? std::string("more than 9.2 EB (the size overflows)") : formatByteSize(bytes);
    return Status(StatusCode::OutOfMemory,
        fmt::format("{} needs {}, beyond the memory limit of {} for one allocation (--memory-limit)", what, size,
            formatByteSize(limit)));
}

Status checkTensorAllocation(DataType type, std::span<const int64_t> dims, const std::string& what)
{
    const std::vector<int64_t> v(dims.begin(), dims.end());
    const std::optional<int64_t> bytes = checkedTensorBytes(type, dims);
    return checkByteAllocation(bytes.value_or(-1),
        fmt::format("{}{}a {}[{}] tensor", what, what.empty() ? "" : ": ", dataTypeName(type), formatDims(v)));
}

} // namespace qs
