// SPDX-License-Identifier: MIT
// Base64 (RFC 4648, with padding) for tensor buffers in the adapter protocol.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace qs::runtime {

std::string base64Encode(std::string_view bytes);
/// nullopt when `text` is not valid padded base64.
std::optional<std::string> base64Decode(std::string_view text);

} // namespace qs::runtime
