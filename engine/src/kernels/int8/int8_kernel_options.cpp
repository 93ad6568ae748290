// SPDX-License-Identifier: MIT
// int8KernelOptionsFromEnvironment (int8_kernel_options.h): the only place that reads the int8 A/B switches from the
// environment; programs call it at their edge, the engine itself never does.
#include <quantscope/engine/int8_kernel_options.h>

#include <fmt/format.h>

#include <cstdlib>
#include <string_view>

namespace qs {

namespace {

/// The variable's value if it is set to one of `allowed`, nothing if unset, an error naming the allowed values else.
Status readSwitch(const char* name, std::initializer_list<std::string_view> allowed, std::string_view& value)
{
    const char* v = std::getenv(name);
    value = v ? v : "";
    if (!v)
        return Status::ok();
    for (std::string_view a : allowed)
        if (value == a)
            return Status::ok();
    return Status(StatusCode::InvalidArgument,
        fmt::format("{}={}: expected one of {}", name, value, fmt::join(allowed.begin(), allowed.end(), ", ")));
}

} // namespace

Result<Int8KernelOptions> int8KernelOptionsFromEnvironment()
{
    Int8KernelOptions o;
    std::string_view v;
    QS_RETURN_IF_ERROR(readSwitch("QS_INT8_OWN_AVX2", { "0", "1" }, v));
    if (!v.empty())
        o.ownAvx2Conv = v == "1" ? Int8KernelOptions::OwnAvx2Conv::Everywhere : Int8KernelOptions::OwnAvx2Conv::Never;
    QS_RETURN_IF_ERROR(readSwitch("QS_INT8_UNSPLIT", { "0", "1" }, v));
    o.unsplitWeights = v != "0";
    QS_RETURN_IF_ERROR(readSwitch("QS_INT8_QUAD_GROUPS", { "1", "2", "4" }, v));
    if (!v.empty())
        o.maxQuadGroup = v[0] - '0';
    QS_RETURN_IF_ERROR(readSwitch("QS_CHANNEL_PAIRING", { "0", "1" }, v));
    o.channelPairing = v != "0";
    return o;
}

} // namespace qs
