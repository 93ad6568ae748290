// SPDX-License-Identifier: MIT
// Names from a model file reach messages escaped: control bytes and invalid UTF-8 as \xNN, valid UTF-8 unchanged
// (issue 19). Expected strings are written out by hand from the byte values.
#include <quantscope/engine/graph.h>
#include <quantscope/engine/printable.h>
#include <quantscope/engine/status.h>

#include <gtest/gtest.h>

namespace {

using namespace qs;

TEST(Printable, InvalidUtf8AndControlBytesAreEscaped)
{
    EXPECT_EQ(quotedName("b\xd6tch_norm_16.w_1"), "'b\\xd6tch_norm_16.w_1'"); // 0xd6 't' is no UTF-8 sequence
    EXPECT_EQ(quotedName(std::string("a\0b", 3)), "'a\\x00b'");
    EXPECT_EQ(quotedName("bell\a\x1b[31m"), "'bell\\x07\\x1b[31m'"); // no terminal escape gets through
    EXPECT_EQ(quotedName("new\nline"), "'new\\x0aline'");
    EXPECT_EQ(quotedName("back\\slash"), "'back\\\\slash'");
    EXPECT_EQ(quotedName("del\x7f"), "'del\\x7f'");
}

TEST(Printable, ValidUtf8PassesAndBrokenSequencesDoNot)
{
    EXPECT_EQ(quotedName("Gr\xc3\xb6\xc3\x9f"
                         "e"),
        "'Gr\xc3\xb6\xc3\x9f"
        "e'"); // Größe
    EXPECT_EQ(quotedName("\xe2\x82\xac"), "'\xe2\x82\xac'"); // euro sign
    EXPECT_EQ(quotedName("\xf0\x9f\x98\x80"), "'\xf0\x9f\x98\x80'"); // U+1F600
    EXPECT_EQ(quotedName("\xc0\xaf"), "'\\xc0\\xaf'"); // overlong '/'
    EXPECT_EQ(quotedName("\xed\xa0\x80"), "'\\xed\\xa0\\x80'"); // UTF-16 surrogate
    EXPECT_EQ(quotedName("\xe2\x82"), "'\\xe2\\x82'"); // truncated at the end
    EXPECT_EQ(quotedName("\xf5\x80\x80\x80"), "'\\xf5\\x80\\x80\\x80'"); // beyond U+10FFFF
}

TEST(Printable, NodeDescriptionsAndPrintedStatusesAreEscaped)
{
    Node n;
    n.name = "b\xd6tch";
    n.opType = "Conv";
    EXPECT_EQ(n.describe(), "'b\\xd6tch' (Conv)");
    // A message built without quotedName is still escaped where it is printed; its lines stay lines.
    const Status st(StatusCode::InvalidModel, "node 'x\x1b]0;pwned\x07'\nsecond line");
    EXPECT_EQ(st.toString(), "invalid model: node 'x\\x1b]0;pwned\\x07'\nsecond line");
}

} // namespace
