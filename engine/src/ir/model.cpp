// SPDX-License-Identifier: MIT
#include <quantscope/engine/model.h>

namespace qs {

int64_t Model::opsetVersion(std::string_view domain) const noexcept
{
    if (domain == "ai.onnx")
        domain = "";
    for (const OpsetImport& o : opsetImports)
        if (o.domain == domain)
            return o.version;
    return 0;
}

std::string Model::displayName() const
{
    return path.empty() ? std::string("<memory>") : path.filename().string();
}

} // namespace qs
