// SPDX-License-Identifier: MIT
#include <quantscope/engine/status.h>

namespace qs {

const char* statusCodeName(StatusCode code) noexcept
{
    switch (code) {
    case StatusCode::Ok:
        return "ok";
    case StatusCode::InvalidArgument:
        return "invalid argument";
    case StatusCode::InvalidModel:
        return "invalid model";
    case StatusCode::Unsupported:
        return "unsupported";
    case StatusCode::NotFound:
        return "not found";
    case StatusCode::IoError:
        return "I/O error";
    case StatusCode::OutOfMemory:
        return "out of memory";
    case StatusCode::Cancelled:
        return "cancelled";
    case StatusCode::Internal:
        return "internal error";
    }
    return "unknown";
}

std::string Status::toString() const
{
    if (isOk())
        return "ok";
    if (m_message.empty())
        return statusCodeName(m_code);
    return std::string(statusCodeName(m_code)) + ": " + m_message;
}

Status Status::withContext(const std::string& context) const
{
    if (isOk())
        return *this;
    return Status(m_code, context + ": " + m_message);
}

} // namespace qs
