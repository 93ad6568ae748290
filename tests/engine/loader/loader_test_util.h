// SPDX-License-Identifier: MIT
// Helpers shared by the loader tests.
#pragma once

#include "onnx_builder.h"

#include <quantscope/engine/model_loader.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <unistd.h>

namespace qs::test {

inline Result<std::shared_ptr<const Model>> loadBuilt(const ModelBuilder& b, const LoadOptions& options = {})
{
    return loadModelFromBytes(b.serialize(), "built.onnx", {}, options);
}

/// A fresh folder under the system temp dir, removed when the object goes out of scope.
class TempDir
{
public:
    TempDir()
    {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        m_path = std::filesystem::temp_directory_path()
            / ("qs_" + std::string(info ? info->name() : "test") + "_" + std::to_string(::getpid()));
        std::filesystem::remove_all(m_path);
        std::filesystem::create_directories(m_path);
    }
    ~TempDir()
    {
        std::error_code ec;
        std::filesystem::remove_all(m_path, ec);
    }
    const std::filesystem::path& path() const { return m_path; }

private:
    std::filesystem::path m_path;
};

#define QS_EXPECT_CONTAINS(haystack, needle)                                                                           \
    EXPECT_NE(std::string(haystack).find(needle), std::string::npos)                                                   \
        << "expected '" << (needle) << "' in: " << (haystack)

} // namespace qs::test
