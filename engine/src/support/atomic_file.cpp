// SPDX-License-Identifier: MIT
#include <quantscope/engine/atomic_file.h>

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace qs {

namespace {

/// Cleaning up after a failed write must not throw over the error being reported.
void removeQuietly(const std::filesystem::path& tmp)
{
    std::error_code ignored;
    std::filesystem::remove(tmp, ignored);
}

} // namespace

Status writeFileAtomically(const std::filesystem::path& path, std::string_view content)
{
    const std::filesystem::path dir = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
    const std::filesystem::path tmp = dir / fmt::format(".{}.tmp{}", path.filename().string(), ::getpid());
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        return Status(StatusCode::IoError,
            fmt::format("{}: cannot create {}: {}", path.string(), tmp.string(), std::strerror(errno)));
    size_t written = 0;
    while (written < content.size()) {
        const ssize_t n = ::write(fd, content.data() + written, content.size() - written);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            const int err = errno;
            ::close(fd);
            removeQuietly(tmp);
            return Status(StatusCode::IoError, fmt::format("{}: write failed: {}", path.string(), std::strerror(err)));
        }
        written += static_cast<size_t>(n);
    }
    // fsync before rename: after a crash the new name must not point at an empty file.
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        const int err = errno;
        removeQuietly(tmp);
        return Status(StatusCode::IoError, fmt::format("{}: flush failed: {}", path.string(), std::strerror(err)));
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) {
        removeQuietly(tmp);
        return Status(StatusCode::IoError,
            fmt::format("{}: cannot rename the temporary file into place: {}", path.string(), ec.message()));
    }
    return {};
}

} // namespace qs
