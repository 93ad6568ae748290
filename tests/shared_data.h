// SPDX-License-Identifier: MIT
// Locating ../shared (real models, ONNX conformance cases) and skipping clearly when it is absent.
#pragma once

#include <cstdlib>
#include <filesystem>

namespace qs::test {

inline std::filesystem::path sharedDir()
{
    if (const char* env = std::getenv("QS_SHARED_DIR"); env && *env)
        return env;
    return QS_SHARED_DIR_DEFAULT;
}

inline std::filesystem::path sharedModel(const char* caseName)
{
    return sharedDir() / "models" / caseName / "model.onnx";
}
inline std::filesystem::path testDataDir()
{
    return QS_TEST_DATA_DIR;
}

} // namespace qs::test

/// GoogleTest: skip the current test with a message when a shared file is missing.
#define QS_REQUIRE_SHARED(path)                                                                                        \
    do {                                                                                                               \
        if (!std::filesystem::exists(path))                                                                            \
            GTEST_SKIP() << "shared data absent: " << (path) << " (../shared is not beside the checkout)";             \
    } while (false)
