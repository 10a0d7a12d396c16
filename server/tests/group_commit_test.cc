// GroupCommit's batching window: the commit thread lets a batch fill for a
// moment (fewer syncs per action), a full batch or a stop ends the wait
// early, and synchronous submitters never wait for it.
#include "server/group_commit.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <vector>

namespace logomachie::server {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

struct Recorder {
  std::mutex mu;
  std::vector<std::size_t> batches;  // sizes, in commit order
  GroupCommit<PendingAppend>::Commit commit() {
    return [this](GroupCommit<PendingAppend>::Batch& batch) {
      std::lock_guard lock(mu);
      batches.push_back(batch.size());
    };
  }
};

std::shared_ptr<PendingAppend> entry(int64_t seq) {
  auto e = std::make_shared<PendingAppend>();
  e->game = 1;
  e->seq = seq;
  return e;
}

TEST(GroupCommitWindow, AppendsQueuedWithinTheWindowShareOneBatch) {
  Recorder r;
  GroupCommit<PendingAppend> group;
  group.set_window(300ms);
  std::atomic<int> done = 0;
  for (int i = 0; i < 5; ++i) group.submit_async(entry(i), r.commit(), [&](PendingAppend&) { ++done; });
  group.flush();
  EXPECT_EQ(done.load(), 5);
  EXPECT_EQ(r.batches, (std::vector<std::size_t>{5}));
}

TEST(GroupCommitWindow, AFullBatchDoesNotWaitForTheWindow) {
  Recorder r;
  GroupCommit<PendingAppend> group;
  group.set_window(30s);
  const auto t0 = Clock::now();
  for (std::size_t i = 0; i < GroupCommit<PendingAppend>::kMaxBatch; ++i)
    group.submit_async(entry(static_cast<int64_t>(i)), r.commit(), [](PendingAppend&) {});
  group.flush();
  EXPECT_LT(Clock::now() - t0, 10s);
  ASSERT_FALSE(r.batches.empty());
  EXPECT_EQ(r.batches.back(), GroupCommit<PendingAppend>::kMaxBatch);
}

TEST(GroupCommitWindow, StoppingCommitsWhatWaitsAtOnce) {
  Recorder r;
  std::atomic<int> done = 0;
  const auto t0 = Clock::now();
  {
    GroupCommit<PendingAppend> group;
    group.set_window(30s);
    group.submit_async(entry(0), r.commit(), [&](PendingAppend&) { ++done; });
    group.stop();
  }
  EXPECT_LT(Clock::now() - t0, 10s);
  EXPECT_EQ(done.load(), 1);
}

TEST(GroupCommitWindow, ASynchronousSubmitterDoesNotWaitForTheWindow) {
  Recorder r;
  GroupCommit<PendingAppend> group;
  group.set_window(30s);
  group.submit_async(entry(0), r.commit(), [](PendingAppend&) {});
  const auto t0 = Clock::now();
  group.submit(entry(1), r.commit());  // takes the queue itself: both go
  EXPECT_LT(Clock::now() - t0, 10s);
  group.flush();
  std::size_t total = 0;
  for (auto n : r.batches) total += n;
  EXPECT_EQ(total, 2u);
}

}  // namespace
}  // namespace logomachie::server
