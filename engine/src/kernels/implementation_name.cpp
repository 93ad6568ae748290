// SPDX-License-Identifier: MIT
#include <quantscope/engine/implementation_name.h>

namespace qs {

bool isReferenceImplementation(std::string_view implementation) noexcept
{
    // Tokens separated by ':' or ' ': oneDNN names its reference kernels "ref:any", "ref_int8:any"...
    size_t start = 0;
    while (start <= implementation.size()) {
        const size_t end = implementation.find_first_of(": ", start);
        const std::string_view token
            = implementation.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
        if (token == "ref" || token.starts_with("ref_") || token == "reference" || token == "scalar")
            return true;
        if (end == std::string_view::npos)
            break;
        start = end + 1;
    }
    return false;
}

} // namespace qs
