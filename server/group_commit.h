// Group commit, shared by the stores. Appenders queue their entry. A
// synchronous appender that finds no commit in progress takes the whole
// queue, commits it in one transaction (one sync), and wakes the others;
// under load one sync serves every room thread waiting at that moment. An
// asynchronous appender (the server) does not wait: a commit thread takes
// whatever is queued whenever no commit is in progress, and settles each
// entry's Commitment in queue order. The commit thread may wait a moment
// for more appends before it commits (set_window): fewer, bigger batches,
// each action's messages a little later (docs/design.md, Threads).
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "games/core/replay.h"
#include "server/commitment.h"
#include "server/store.h"

namespace logomachie::server {

template <class Entry>
class GroupCommit {
 public:
  using Batch = std::vector<std::shared_ptr<Entry>>;
  using Commit = std::function<void(Batch&)>;
  // Called once per entry of a committed batch, in queue order, by the
  // thread that committed it (before the next batch may commit).
  using Done = std::function<void(Entry&)>;

  GroupCommit() = default;
  GroupCommit(const GroupCommit&) = delete;
  GroupCommit& operator=(const GroupCommit&) = delete;
  ~GroupCommit() { stop(); }

  // Queues `entry` and returns once a batch holding it went through
  // `commit(std::vector<std::shared_ptr<Entry>>&)`, which runs on one thread
  // at a time and reports each entry's failure in the entry itself.
  template <class C>
  void submit(const std::shared_ptr<Entry>& entry, C&& commit) {
    auto slot = std::make_shared<Slot>();
    slot->entry = entry;
    std::unique_lock lock(mu_);
    queue_.push_back(slot);
    while (!slot->done) {
      if (!committing_) {
        run_batch(lock, commit);
      } else {
        cv_.wait(lock);
      }
    }
  }

  // Queues `entry` and returns at once; the commit thread (started on first
  // use with `commit`) commits it with whatever else waits, then calls
  // `done(entry)`. Batches go through in queue order, and so do the calls.
  void submit_async(const std::shared_ptr<Entry>& entry, const Commit& commit, Done done) {
    auto slot = std::make_shared<Slot>();
    slot->entry = entry;
    slot->done_fn = std::move(done);
    slot->queued_at = std::chrono::steady_clock::now();
    std::lock_guard lock(mu_);
    if (stopped_) throw StoreError("store: closed");
    if (!thread_.joinable()) {
      commit_ = commit;
      thread_ = std::thread([this] { commit_loop(); });
    }
    queue_.push_back(std::move(slot));
    // Only the first entry can find the commit thread asleep; a full batch
    // ends its window early.
    if (queue_.size() == 1) cv_.notify_all();
    if (queue_.size() == kMaxBatch) window_cv_.notify_one();
  }

  // The commit thread's batching window: it commits once the oldest queued
  // entry has waited `window`, or kMaxBatch entries are queued, or the
  // group stops (0, the default: at once). Synchronous submitters never
  // wait for it (one of them takes the queue as soon as no commit runs).
  static constexpr std::size_t kMaxBatch = 64;
  void set_window(std::chrono::microseconds window) {
    std::lock_guard lock(mu_);
    window_ = window;
  }

  // Returns once everything queued so far has been committed.
  void flush() {
    std::unique_lock lock(mu_);
    cv_.wait(lock, [this] { return queue_.empty() && !committing_; });
  }

  // Commits what is queued, then stops the commit thread (the store is
  // closing: its connection must outlive every batch).
  void stop() {
    {
      std::lock_guard lock(mu_);
      stopped_ = true;
      cv_.notify_all();
      window_cv_.notify_all();
    }
    if (thread_.joinable()) thread_.join();
  }

 private:
  struct Slot {
    std::shared_ptr<Entry> entry;
    Done done_fn;  // async entries
    bool done = false;
    std::chrono::steady_clock::time_point queued_at;
  };

  // Takes the whole queue and commits it as one batch (`lock` held on entry
  // and on return, released meanwhile).
  template <class C>
  void run_batch(std::unique_lock<std::mutex>& lock, C& commit) {
    committing_ = true;
    std::vector<std::shared_ptr<Slot>> taken(queue_.begin(), queue_.end());
    queue_.clear();
    lock.unlock();
    Batch batch;
    batch.reserve(taken.size());
    for (auto& s : taken) batch.push_back(s->entry);
    try {
      commit(batch);
    } catch (const std::exception& e) {  // not a StoreError (out of memory…): the batch failed
      for (auto& s : taken) {
        if (s->entry->error.empty()) s->entry->error = std::string("store: ") + e.what();
      }
    }
    // Still `committing_`: the next batch's calls come after these.
    for (auto& s : taken) {
      if (s->done_fn) s->done_fn(*s->entry);
    }
    lock.lock();
    committing_ = false;
    for (auto& s : taken) s->done = true;
    cv_.notify_all();
  }

  void commit_loop() {
    std::unique_lock lock(mu_);
    while (true) {
      cv_.wait(lock, [this] { return (!queue_.empty() && !committing_) || (stopped_ && !committing_); });
      if (queue_.empty()) return;  // stopped, nothing left
      if (window_.count() > 0) {   // let the batch fill a moment
        const auto deadline = queue_.front()->queued_at + window_;
        while (!stopped_ && queue_.size() < kMaxBatch && std::chrono::steady_clock::now() < deadline) {
          window_cv_.wait_until(lock, deadline);
        }
        if (queue_.empty() || committing_) continue;  // a synchronous submitter took it meanwhile
      }
      run_batch(lock, commit_);
    }
  }

  std::chrono::microseconds window_{0};
  std::mutex mu_;
  std::condition_variable cv_;
  std::condition_variable window_cv_;
  std::deque<std::shared_ptr<Slot>> queue_;
  bool committing_ = false;
  bool stopped_ = false;
  Commit commit_;
  std::thread thread_;
};

// One action waiting for its batch, as both stores queue it.
struct PendingAppend {
  int64_t game = 0;
  int64_t seq = 0;
  std::string text;                    // the action, canonical JSON
  std::optional<std::string> outcome;  // the game ends with this action
  std::string error;                   // set by the commit when this one failed
  // Instead of an action: another write the store runs in the batch's
  // transaction (SQLite: a new game, a room saved), so it shares its sync.
  std::function<void()> op;
};

inline std::shared_ptr<PendingAppend> pending_append(int64_t game, int64_t seq, const games::Action& action,
                                                     std::optional<std::string_view> outcome) {
  auto entry = std::make_shared<PendingAppend>();
  entry->game = game;
  entry->seq = seq;
  entry->text = games::canonical(action.to_json());
  if (outcome) entry->outcome = std::string(*outcome);
  return entry;
}

// Store::append on a group commit: queues the action, waits for its batch to
// go through `commit`, and throws StoreError if it failed.
template <class Commit>
void append_grouped(GroupCommit<PendingAppend>& group, int64_t game, int64_t seq, const games::Action& action,
                    std::optional<std::string_view> outcome, Commit&& commit) {
  auto entry = pending_append(game, seq, action, outcome);
  group.submit(entry, std::forward<Commit>(commit));
  if (!entry->error.empty()) throw StoreError(entry->error);
}

// Store::append_async on a group commit: queues the action and returns;
// `commitment` settles once its batch went through `commit`.
inline void append_grouped_async(GroupCommit<PendingAppend>& group, int64_t game, int64_t seq,
                                 const games::Action& action, std::optional<std::string_view> outcome,
                                 const GroupCommit<PendingAppend>::Commit& commit,
                                 std::shared_ptr<Commitment> commitment) {
  group.submit_async(pending_append(game, seq, action, outcome), commit,
                     [commitment = std::move(commitment)](PendingAppend& done) {
                       commitment->settle(done.error.empty(), done.error);
                     });
}

}  // namespace logomachie::server
