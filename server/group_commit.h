// Leader-based group commit, shared by the stores: appenders queue their
// entry; the first one to find no commit in progress takes the whole queue,
// commits it in one transaction (one sync), and wakes the others. Under load
// one sync serves every room thread waiting at that moment.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/core/replay.h"
#include "server/store.h"

namespace logomachie::server {

template <class Entry>
class GroupCommit {
 public:
  // Queues `entry` and returns once a batch holding it went through
  // `commit(std::vector<std::shared_ptr<Entry>>&)`, which runs on one thread
  // at a time and reports each entry's failure in the entry itself.
  template <class Commit>
  void submit(const std::shared_ptr<Entry>& entry, Commit&& commit) {
    auto slot = std::make_shared<Slot>();
    slot->entry = entry;
    std::unique_lock lock(mu_);
    queue_.push_back(slot);
    while (!slot->done) {
      if (!committing_) {
        committing_ = true;
        std::vector<std::shared_ptr<Slot>> taken(queue_.begin(), queue_.end());
        queue_.clear();
        lock.unlock();
        std::vector<std::shared_ptr<Entry>> batch;
        batch.reserve(taken.size());
        for (auto& s : taken) batch.push_back(s->entry);
        commit(batch);
        lock.lock();
        committing_ = false;
        for (auto& s : taken) s->done = true;
        cv_.notify_all();
      } else {
        cv_.wait(lock);
      }
    }
  }

 private:
  struct Slot {
    std::shared_ptr<Entry> entry;
    bool done = false;
  };
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::shared_ptr<Slot>> queue_;
  bool committing_ = false;
};

// One action waiting for its batch, as both stores queue it.
struct PendingAppend {
  int64_t game = 0;
  int64_t seq = 0;
  std::string text;                    // the action, canonical JSON
  std::optional<std::string> outcome;  // the game ends with this action
  std::string error;                   // set by the commit when this one failed
};

// Store::append on a group commit: queues the action, waits for its batch to
// go through `commit`, and throws StoreError if it failed.
template <class Commit>
void append_grouped(GroupCommit<PendingAppend>& group, int64_t game, int64_t seq, const games::Action& action,
                    std::optional<std::string_view> outcome, Commit&& commit) {
  auto entry = std::make_shared<PendingAppend>();
  entry->game = game;
  entry->seq = seq;
  entry->text = games::canonical(action.to_json());
  if (outcome) entry->outcome = std::string(*outcome);
  group.submit(entry, std::forward<Commit>(commit));
  if (!entry->error.empty()) throw StoreError(entry->error);
}

}  // namespace logomachie::server
