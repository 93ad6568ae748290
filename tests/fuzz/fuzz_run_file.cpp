// SPDX-License-Identifier: MIT
// libFuzzer target: any bytes through the run-file reader (runRecordFromJson) and, when they parse, back through
// the writer and reader again. Every refusal must be a Status with a message; a crash, hang, leak or sanitizer
// report is a bug.
#include <quantscope/engine/run_file.h>

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto record = qs::runRecordFromJson(text, "fuzz.json");
    if (record) {
        // What was accepted must survive its own round trip.
        auto again = qs::runRecordFromJson(qs::runRecordToJson(*record), "again.json");
        if (!again)
            __builtin_trap();
    } else if (record.status().message().empty()) {
        __builtin_trap();
    }
    return 0;
}
