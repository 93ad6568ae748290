// SPDX-License-Identifier: MIT
// libFuzzer target: any bytes through the session-file reader (sessionFromJson) and, when they parse, back through
// the writer and reader again. Every refusal must be a Status with a message; a crash, hang, leak or sanitizer
// report is a bug.
#include <quantscope/engine/session_file.h>

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto session = qs::sessionFromJson(text, "fuzz.qsession");
    if (session) {
        // What was accepted must survive its own round trip, written as if saved in another folder.
        auto again = qs::sessionFromJson(qs::sessionToJson(*session, "/tmp/fuzz/again.qsession"), "again.qsession");
        if (!again)
            __builtin_trap();
    } else if (session.status().message().empty()) {
        __builtin_trap();
    }
    return 0;
}
