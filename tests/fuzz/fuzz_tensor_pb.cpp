// SPDX-License-Identifier: MIT
// libFuzzer target: any bytes through the .pb tensor reader (the test_data_set_*/input_*.pb files), with no base
// folder so fuzzed external-data locations never reach the file system. Refusals must be Statuses with a message.
#include <quantscope/engine/model_loader.h>

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    std::string name;
    auto tensor = qs::loadTensorFromBytes(bytes, "fuzz.pb", &name);
    if (tensor) {
        (void)tensor->elementCount();
    } else if (tensor.status().message().empty()) {
        __builtin_trap();
    }
    return 0;
}
