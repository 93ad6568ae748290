// SPDX-License-Identifier: MIT
#include <quantscope/engine/model_loader.h>

#include <fmt/format.h>

#include <charconv>

namespace qs {

Result<std::vector<int64_t>> parseDims(std::string_view text)
{
    std::vector<int64_t> dims;
    if (text.empty() || text == "scalar")
        return dims;
    size_t pos = 0;
    while (pos <= text.size()) {
        size_t end = text.find_first_of("x,", pos);
        if (end == std::string_view::npos)
            end = text.size();
        const std::string_view part = text.substr(pos, end - pos);
        int64_t v = 0;
        auto [ptr, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
        if (part.empty() || ec != std::errc() || ptr != part.data() + part.size() || v < 0)
            return Status(StatusCode::InvalidArgument,
                fmt::format(
                    "bad shape '{}': '{}' is not a non-negative integer (expected e.g. 1x3x640x640)", text, part));
        dims.push_back(v);
        pos = end + 1;
    }
    return dims;
}

Result<std::pair<std::string, std::vector<int64_t>>> parseInputShapeSpec(std::string_view spec)
{
    const size_t eq = spec.rfind('=');
    if (eq == std::string_view::npos || eq == 0)
        return Status(StatusCode::InvalidArgument,
            fmt::format("bad input shape '{}': expected NAME=DIMS, e.g. images=1x3x640x640", spec));
    QS_ASSIGN_OR_RETURN(auto dims, parseDims(spec.substr(eq + 1)));
    return std::make_pair(std::string(spec.substr(0, eq)), std::move(dims));
}

} // namespace qs
