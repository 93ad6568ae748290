// SPDX-License-Identifier: MIT
// main of test_int8_kernels: GoogleTest's, plus the int8 kernel switch its ctest variants choose on the command line
// (int8_test_options.h) - a switch of the program, not of the environment, and handed to the engine explicitly.
#include "int8_test_options.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string_view>

int main(int argc, char** argv)
{
    testing::InitGoogleTest(&argc, argv); // removes GoogleTest's own flags
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        if (a == "--int8-own-avx2=everywhere") {
            qs::test::int8TestOptions().ownAvx2Conv = qs::Int8KernelOptions::OwnAvx2Conv::Everywhere;
        } else {
            std::fprintf(
                stderr, "unknown argument '%s' (this test program takes --int8-own-avx2=everywhere)\n", argv[i]);
            return 2;
        }
    }
    return RUN_ALL_TESTS();
}
