// SPDX-License-Identifier: MIT
#include <quantscope/engine/printable.h>
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

std::string escapeNonPrintable(std::string_view text, bool keepNewlines)
{
    static const char* const kHex = "0123456789abcdef";
    std::string out;
    out.reserve(text.size());
    auto escapeByte = [&](unsigned char c) {
        out += "\\x";
        out += kHex[c >> 4];
        out += kHex[c & 15];
    };
    const auto* p = reinterpret_cast<const unsigned char*>(text.data());
    const size_t n = text.size();
    for (size_t i = 0; i < n;) {
        const unsigned char c = p[i];
        if (c < 0x80) {
            if (c == '\\' && !keepNewlines)
                out += "\\\\";
            else if ((c < 0x20 && !(keepNewlines && c == '\n')) || c == 0x7f)
                escapeByte(c);
            else
                out += char(c);
            ++i;
            continue;
        }
        // A well-formed UTF-8 sequence (no overlongs, no surrogates, at most U+10FFFF) passes unchanged.
        size_t len = 0;
        unsigned char lo = 0x80, hi = 0xbf;
        if (c >= 0xc2 && c <= 0xdf)
            len = 2;
        else if (c >= 0xe0 && c <= 0xef) {
            len = 3;
            lo = c == 0xe0 ? 0xa0 : 0x80;
            hi = c == 0xed ? 0x9f : 0xbf;
        } else if (c >= 0xf0 && c <= 0xf4) {
            len = 4;
            lo = c == 0xf0 ? 0x90 : 0x80;
            hi = c == 0xf4 ? 0x8f : 0xbf;
        }
        bool ok = len > 0 && i + len <= n;
        for (size_t k = 1; ok && k < len; ++k) {
            const unsigned char b = p[i + k];
            ok = k == 1 ? (b >= lo && b <= hi) : (b >= 0x80 && b <= 0xbf);
        }
        if (!ok) {
            escapeByte(c);
            ++i;
            continue;
        }
        out.append(text.substr(i, len));
        i += len;
    }
    return out;
}

std::string quotedName(std::string_view name)
{
    return "'" + escapeNonPrintable(name) + "'";
}

std::string Status::toString() const
{
    if (isOk())
        return "ok";
    if (m_message.empty())
        return statusCodeName(m_code);
    // The printing boundary: whatever a message quotes from a file reaches the terminal escaped, also where a
    // message was built without quotedName().
    return std::string(statusCodeName(m_code)) + ": " + escapeNonPrintable(m_message, true);
}

Status Status::withContext(const std::string& context) const
{
    if (isOk())
        return *this;
    return Status(m_code, context + ": " + m_message);
}

} // namespace qs
