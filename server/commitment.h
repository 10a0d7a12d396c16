// An action on its way to disk (Store::append_async). The room goes on at
// once; whatever it sends about the action waits until the commitment
// settles, and is sent only if the action became durable (durable before
// acknowledged). Settled once, by the store's commit thread, in the order
// the appends were queued: a later commitment never settles before an
// earlier one.
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace logomachie::server {

class Commitment {
 public:
  // Runs `then(durable, error)` once settled: at once, on this thread, when
  // it already is; otherwise on the settling thread, under this object's
  // lock, so `then` must only queue work (post to a thread, notify), never
  // wait, and not call this object (its arguments say all). Whoever sees
  // settled() true knows every `then` already ran.
  using Then = std::function<void(bool durable, const std::string& error)>;
  void when_settled(Then then) {
    std::unique_lock lock(mu_);
    if (!settled_) {
      waiters_.push_back(std::move(then));
      return;
    }
    const bool durable = durable_;
    const std::string error = error_;
    lock.unlock();
    then(durable, error);
  }

  // The store's verdict (`error` says why it is not durable).
  void settle(bool durable, std::string error = {}) {
    std::lock_guard lock(mu_);
    if (settled_) return;
    settled_ = true;
    durable_ = durable;
    error_ = std::move(error);
    for (auto& then : waiters_) then(durable_, error_);
    waiters_.clear();
    cv_.notify_all();
  }

  bool settled() const {
    std::lock_guard lock(mu_);
    return settled_;
  }
  // Settled, and durable.
  bool durable() const {
    std::lock_guard lock(mu_);
    return settled_ && durable_;
  }
  // Settled, and lost (the store failed).
  bool lost() const {
    std::lock_guard lock(mu_);
    return settled_ && !durable_;
  }
  std::string error() const {
    std::lock_guard lock(mu_);
    return error_;
  }
  // Blocks until settled; returns whether durable.
  bool wait() const {
    std::unique_lock lock(mu_);
    cv_.wait(lock, [this] { return settled_; });
    return durable_;
  }

 private:
  mutable std::mutex mu_;
  mutable std::condition_variable cv_;
  bool settled_ = false;
  bool durable_ = false;
  std::string error_;
  std::vector<Then> waiters_;
};

}  // namespace logomachie::server
