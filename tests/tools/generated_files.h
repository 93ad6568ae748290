// SPDX-License-Identifier: MIT
// Writing or checking the files a test-data generator produces (make_test_models, make_demo_models,
// make_qops_cases, make_opset_cases): `GENERATOR OUTDIR` writes them, `GENERATOR --check OUTDIR` counts the
// committed files that differ, so a ctest fails when a committed file and its generator disagree.
#pragma once

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

namespace qs::test {

using GeneratedFiles = std::vector<std::pair<std::filesystem::path, std::string>>;

inline bool sameFile(const std::filesystem::path& path, const std::string& bytes)
{
    std::ifstream in(path, std::ios::binary);
    const std::string existing((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return in.good() || in.eof() ? existing == bytes : false;
}

/// Writes every file (creating folders), or with `check` compares each with the committed one; returns the number
/// of differences. `tool` names the generator in the message that says how to regenerate.
inline int writeOrCheckFiles(const GeneratedFiles& files, bool check, const char* tool)
{
    int differences = 0;
    for (const auto& [path, bytes] : files) {
        if (check) {
            if (!sameFile(path, bytes)) {
                std::fprintf(stderr, "%s differs from what %s writes; rerun %s OUTDIR (see README)\n",
                    path.string().c_str(), tool, tool);
                ++differences;
            }
            continue;
        }
        std::filesystem::create_directories(path.parent_path());
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    }
    return differences;
}

/// `TOOL OUTDIR` or `TOOL --check OUTDIR`: the output folder, or an empty path after printing the usage.
inline std::filesystem::path generatorOutDir(int argc, char** argv, bool& check)
{
    check = argc == 3 && std::string(argv[1]) == "--check";
    if (argc != 2 && !check) {
        std::fprintf(stderr, "usage: %s [--check] OUTDIR\n", argv[0]);
        return {};
    }
    return argv[argc - 1];
}

/// The main() of a generator whose output is one set of files: `TOOL [--check] OUTDIR`, then the files `make` gives
/// for OUTDIR written or checked. Returns the exit code: 2 for a wrong call, 1 when a committed file differs.
inline int runGenerator(
    int argc, char** argv, const char* tool, const std::function<GeneratedFiles(const std::filesystem::path&)>& make)
{
    bool check = false;
    const std::filesystem::path dir = generatorOutDir(argc, argv, check);
    if (dir.empty())
        return 2;
    return writeOrCheckFiles(make(dir), check, tool) ? 1 : 0;
}

} // namespace qs::test
