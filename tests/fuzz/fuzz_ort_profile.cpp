// SPDX-License-Identifier: MIT
// libFuzzer target: any bytes through the ONNX Runtime profile importer (a Chrome-trace JSON file from outside).
// Refusals must be Statuses with a message; a crash, hang, leak or sanitizer report is a bug.
#include <quantscope/engine/ort_profile.h>

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto report = qs::importOrtProfileFromText(text, "fuzz_profile.json", nullptr);
    if (!report && report.status().message().empty())
        __builtin_trap();
    return 0;
}
