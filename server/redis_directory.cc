// The cluster's directory on Redis (see directory.h). Keys:
//   logomachie:lease:<code>  the node serving the room, with an expiry (PX)
//   logomachie:node:<name>   present while the node beats
// Each operation is one Lua script, so a lease is only ever set, renewed or
// dropped by a node that holds it (or when nobody does). One connection,
// used by one thread at a time, reopened on the next call after an error;
// every call has a one-second timeout (a Redis that does not answer must not
// hold the room threads).
#include <hiredis/hiredis.h>

#include <charconv>
#include <mutex>
#include <utility>

#include "server/directory.h"

namespace logomachie::server {
namespace {

constexpr const char* kLease = "logomachie:lease:";
constexpr const char* kNode = "logomachie:node:";

// KEYS[1] the lease; ARGV node, ttl. Returns "" when the lease is ours.
constexpr const char* kAcquire = R"lua(
local holder = redis.call('GET', KEYS[1])
if not holder or holder == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return ''
end
return holder
)lua";

// KEYS the leases; ARGV node, ttl. Returns the keys held by another node.
constexpr const char* kRenew = R"lua(
local lost = {}
for i, key in ipairs(KEYS) do
  local holder = redis.call('GET', key)
  if not holder or holder == ARGV[1] then
    redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
  else
    lost[#lost + 1] = key
  end
end
return lost
)lua";

// ARGV node, ttl, snapshot. Sets this node's snapshot, returns every live
// node's as a flat list (node, snapshot, node, snapshot…); forgets nodes whose
// snapshot expired.
constexpr const char* kShare = R"lua(
redis.call('SET', 'logomachie:metrics:' .. ARGV[1], ARGV[3], 'PX', ARGV[2])
redis.call('SADD', 'logomachie:metrics-nodes', ARGV[1])
local out = {}
for _, node in ipairs(redis.call('SMEMBERS', 'logomachie:metrics-nodes')) do
  local snapshot = redis.call('GET', 'logomachie:metrics:' .. node)
  if snapshot then
    out[#out + 1] = node
    out[#out + 1] = snapshot
  else
    redis.call('SREM', 'logomachie:metrics-nodes', node)
  end
end
return out
)lua";

constexpr const char* kRelease = R"lua(
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0
)lua";

// A reply, freed on scope exit.
struct Reply {
  explicit Reply(redisReply* reply) : r(reply) {}
  Reply(Reply&& o) noexcept : r(std::exchange(o.r, nullptr)) {}
  Reply(const Reply&) = delete;
  Reply& operator=(const Reply&) = delete;
  Reply& operator=(Reply&&) = delete;
  ~Reply() {
    if (r) freeReplyObject(r);
  }
  redisReply* r;
};

class RedisDirectory final : public Directory {
 public:
  RedisDirectory(const std::string& url, std::string node, int64_t lease_ms)
      : node_(std::move(node)), lease_ms_(lease_ms) {
    std::string_view rest(url);
    if (!rest.starts_with("redis://")) throw DirectoryError("directory: not a redis:// URL: " + url);
    rest.remove_prefix(8);
    if (const auto slash = rest.find('/'); slash != std::string_view::npos) rest = rest.substr(0, slash);
    const auto colon = rest.rfind(':');
    host_ = std::string(rest.substr(0, colon));
    if (colon != std::string_view::npos) {
      const auto p = rest.substr(colon + 1);
      const auto [end, ec] = std::from_chars(p.data(), p.data() + p.size(), port_);
      if (ec != std::errc() || end != p.data() + p.size())
        throw DirectoryError("directory: bad port in " + url);
    }
    if (host_.empty()) host_ = "127.0.0.1";
    std::lock_guard lock(mu_);
    connect();
  }
  ~RedisDirectory() override {
    if (ctx_) redisFree(ctx_);
  }

  const std::string& node() const override { return node_; }
  int64_t lease_ms() const override { return lease_ms_; }

  std::optional<std::string> acquire(std::string_view code) override {
    const std::string key = kLease + std::string(code);
    std::vector<std::string> args{"EVAL", kAcquire, "1", key, node_, std::to_string(lease_ms_)};
    std::lock_guard lock(mu_);
    Reply reply = command(args);
    if (reply.r->type != REDIS_REPLY_STRING) throw DirectoryError("directory: unexpected reply to a lease");
    std::string holder(reply.r->str, reply.r->len);
    if (holder.empty()) return std::nullopt;
    return holder;
  }

  std::vector<std::string> renew(const std::vector<std::string>& codes) override {
    std::vector<std::string> lost;
    // In slices: one script call blocks Redis while it runs.
    constexpr std::size_t kSlice = 500;
    for (std::size_t from = 0; from < codes.size(); from += kSlice) {
      const std::size_t to = std::min(codes.size(), from + kSlice);
      std::vector<std::string> args{"EVAL", kRenew, std::to_string(to - from)};
      for (std::size_t i = from; i < to; ++i) args.push_back(kLease + codes[i]);
      args.push_back(node_);
      args.push_back(std::to_string(lease_ms_));
      std::lock_guard lock(mu_);
      Reply reply = command(args);
      if (reply.r->type != REDIS_REPLY_ARRAY)
        throw DirectoryError("directory: unexpected reply to a renewal");
      const std::size_t prefix = std::char_traits<char>::length(kLease);
      for (std::size_t i = 0; i < reply.r->elements; ++i) {
        const auto* e = reply.r->element[i];
        if (e->type == REDIS_REPLY_STRING && e->len > prefix)
          lost.emplace_back(e->str + prefix, e->len - prefix);
      }
    }
    return lost;
  }

  void release(std::string_view code) override {
    std::vector<std::string> args{"EVAL", kRelease, "1", kLease + std::string(code), node_};
    std::lock_guard lock(mu_);
    (void)command(args);
  }

  void beat() override {
    std::vector<std::string> args{"SET", kNode + node_, "1", "PX", std::to_string(lease_ms_)};
    std::lock_guard lock(mu_);
    (void)command(args);
  }

  std::vector<std::pair<std::string, std::string>> share(std::string_view snapshot) override {
    std::vector<std::string> args{
        "EVAL", kShare, "0", node_, std::to_string(lease_ms_), std::string(snapshot)};
    std::lock_guard lock(mu_);
    Reply reply = command(args);
    if (reply.r->type != REDIS_REPLY_ARRAY) throw DirectoryError("directory: unexpected reply to a share");
    std::vector<std::pair<std::string, std::string>> out;
    for (std::size_t i = 0; i + 1 < reply.r->elements; i += 2) {
      const auto* n = reply.r->element[i];
      const auto* v = reply.r->element[i + 1];
      if (n->type == REDIS_REPLY_STRING && v->type == REDIS_REPLY_STRING)
        out.emplace_back(std::string(n->str, n->len), std::string(v->str, v->len));
    }
    return out;
  }

  bool alive(std::string_view node) override {
    std::vector<std::string> args{"EXISTS", kNode + std::string(node)};
    std::lock_guard lock(mu_);
    Reply reply = command(args);
    return reply.r->type == REDIS_REPLY_INTEGER && reply.r->integer > 0;
  }

 private:
  void connect() {
    const timeval timeout{1, 0};
    ctx_ = redisConnectWithTimeout(host_.c_str(), port_, timeout);
    if (!ctx_ || ctx_->err) {
      const std::string why = ctx_ ? ctx_->errstr : "out of memory";
      if (ctx_) redisFree(ctx_);
      ctx_ = nullptr;
      throw DirectoryError("directory: cannot connect to Redis at " + host_ + ":" + std::to_string(port_) +
                           ": " + why);
    }
    redisSetTimeout(ctx_, timeout);
  }

  // mu_ held. An error reply or a lost connection is a DirectoryError (the
  // connection is reopened on the next call).
  Reply command(const std::vector<std::string>& args) {
    if (!ctx_) connect();
    std::vector<const char*> argv;
    std::vector<size_t> lengths;
    for (const auto& a : args) {
      argv.push_back(a.data());
      lengths.push_back(a.size());
    }
    Reply reply(static_cast<redisReply*>(
        redisCommandArgv(ctx_, static_cast<int>(argv.size()), argv.data(), lengths.data())));
    if (!reply.r) {
      const std::string why = ctx_->errstr;
      redisFree(ctx_);
      ctx_ = nullptr;
      throw DirectoryError("directory: Redis did not answer: " + why);
    }
    if (reply.r->type == REDIS_REPLY_ERROR)
      throw DirectoryError("directory: " + std::string(reply.r->str, reply.r->len));
    return reply;
  }

  const std::string node_;
  const int64_t lease_ms_;
  std::string host_;
  int port_ = 6379;
  std::mutex mu_;
  redisContext* ctx_ = nullptr;
};

}  // namespace

std::unique_ptr<Directory> open_redis_directory(const std::string& url, const std::string& node,
                                                int64_t lease_ms) {
  return std::make_unique<RedisDirectory>(url, node, lease_ms);
}

}  // namespace logomachie::server
