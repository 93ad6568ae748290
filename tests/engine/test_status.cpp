// SPDX-License-Identifier: MIT
#include <quantscope/engine/status.h>

#include <gtest/gtest.h>

namespace {

qs::Result<int> half(int v)
{
    if (v % 2)
        return qs::Status(qs::StatusCode::InvalidArgument, "odd");
    return v / 2;
}

qs::Result<int> quarter(int v)
{
    QS_ASSIGN_OR_RETURN(int h, half(v));
    return half(h);
}

TEST(Status, OkAndErrorCarryCodeAndMessage)
{
    EXPECT_TRUE(qs::Status::ok().isOk());
    const qs::Status s(qs::StatusCode::Cancelled, "stopped by user");
    EXPECT_FALSE(s.isOk());
    EXPECT_TRUE(s.isCancelled());
    EXPECT_EQ(s.toString(), "cancelled: stopped by user");
    EXPECT_EQ(s.withContext("bench").message(), "bench: stopped by user");
}

TEST(Result, PropagatesTheFirstFailure)
{
    EXPECT_EQ(quarter(8).value(), 2);
    const auto r = quarter(6); // 6/2 = 3 is odd
    ASSERT_FALSE(r.isOk());
    EXPECT_EQ(r.status().code(), qs::StatusCode::InvalidArgument);
}

} // namespace
