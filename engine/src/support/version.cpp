// SPDX-License-Identifier: MIT
#include <quantscope/engine/version.h>

namespace qs {

std::string_view versionString() noexcept
{
    return QS_VERSION;
}
std::string_view gitRevision() noexcept
{
    return QS_GIT_REVISION;
}

} // namespace qs
