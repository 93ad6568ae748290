// SPDX-License-Identifier: MIT
// libFuzzer target: any bytes through loadModelFromBytes and, when they load, analyzeModel. The loader must return
// a Status for everything it refuses; a crash, hang, leak or sanitizer report is a bug.
#include <quantscope/engine/analysis.h>
#include <quantscope/engine/model_loader.h>

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    // No base folder: external data is refused, so fuzzed locations never touch the file system.
    auto model = qs::loadModelFromBytes(bytes, "fuzz.onnx");
    if (model) {
        const qs::ModelAnalysis analysis = qs::analyzeModel(**model);
        (void)analysis;
        for (const qs::Node& node : (*model)->graph().nodes())
            for (const qs::Attribute& a : node.attributes)
                (void)a.toDisplayString();
    } else if (model.status().message().empty()) {
        __builtin_trap(); // every failure must say what went wrong
    }
    return 0;
}
