// Plain HTTP without the network: health, metrics, the JSON API
// (docs/protocol.md, HTTP API) and the web client's files. The HTTP session
// parses a request, asks route() and writes what it answers.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace logomachie::server {

class Lobby;
class Metrics;
class StaticFiles;
class ClusterView;

struct HttpReply {
  int status = 200;
  std::string content_type;
  std::string body;
  std::string cache_control;     // empty: no header
  std::string content_encoding;  // "gzip" when the body is compressed
  bool vary_encoding = false;    // the answer depends on Accept-Encoding
};

struct RouterContext {
  const Lobby& lobby;
  const Metrics& metrics;
  const StaticFiles& web;
  const ClusterView* cluster = nullptr;  // a cluster node's view of every node (/api/cluster)
};

// `method` is the request's verb ("GET", "HEAD"…), `target` its path and
// query, `accept_encoding` its Accept-Encoding header ("" when absent).
HttpReply route(const RouterContext& context, std::string_view method, std::string_view target,
                std::string_view accept_encoding = {});

// Whether answering `target` reads the store for finished games (a replay,
// or the list of them): done off the network thread and rate-limited per
// address, so that nobody can slow the games by asking for replays.
bool is_replay_target(std::string_view target);

// Who a request comes from: the peer's address, or, when the peer is one of
// the `trusted` proxies (the cluster's load balancer), the last address of its
// X-Forwarded-For header (the one that proxy saw; earlier ones are whatever
// the client wrote). Per-address limits count people, not the balancer.
std::string client_address(std::string_view peer, std::string_view forwarded_for,
                           const std::vector<std::string>& trusted);

}  // namespace logomachie::server
