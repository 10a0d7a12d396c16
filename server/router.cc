#include "server/router.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <optional>

#include <boost/json/serialize.hpp>

#include "games/core/json.h"
#include "server/lobby.h"
#include "server/metrics.h"
#include "server/static_files.h"

namespace logomachie::server {
namespace {

constexpr std::string_view kReplays = "/api/replays/";

HttpReply plain(int status, std::string body, std::string_view type = "text/plain; charset=utf-8") {
  return {status, std::string(type), std::move(body), {}};
}

HttpReply json_reply(int status, const games::Json& body) {
  return {status, "application/json; charset=utf-8", boost::json::serialize(body), "no-store"};
}

HttpReply error_json(int status, std::string_view code, std::string_view message) {
  return json_reply(status, games::JsonObject{{"code", code}, {"message", message}});
}

}  // namespace

bool is_replay_target(std::string_view target) {
  const auto path = target.substr(0, target.find('?'));
  return path.starts_with(kReplays) || path == kReplays.substr(0, kReplays.size() - 1);
}

// Whether an Accept-Encoding header allows gzip (not refused with q=0).
bool accepts_gzip(std::string_view header) {
  for (std::size_t at = 0; at < header.size();) {
    auto end = header.find(',', at);
    if (end == std::string_view::npos) end = header.size();
    auto item = header.substr(at, end - at);
    at = end + 1;
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    const auto name = item.substr(0, item.find(';'));
    if (name != "gzip" && name != "*") continue;
    const auto q = item.find("q=");
    return q == std::string_view::npos ||
           item.substr(q + 2).find_first_not_of("0.") != std::string_view::npos;
  }
  return false;
}

HttpReply route(const RouterContext& context, std::string_view method, std::string_view target,
                std::string_view accept_encoding) {
  const std::string_view path = target.substr(0, target.find('?'));
  if (method != "GET" && method != "HEAD") return plain(405, "Méthode non permise.\n");
  if (path == "/healthz") return plain(200, "ok\n");
  if (path == "/metrics")
    return plain(200, context.metrics.text(context.lobby.rooms()), "text/plain; version=0.0.4");
  if (path == "/api/games") return json_reply(200, context.lobby.games_json());
  if (path == "/api/replays") return json_reply(200, context.lobby.recent_json(20));
  if (path == "/api/cluster") {
    const std::string numbers = context.cluster ? context.cluster->get() : std::string();
    if (numbers.empty())
      return error_json(404, "not_a_cluster", "Ce serveur n’est pas (encore) dans une grappe.");
    return {200, "application/json; charset=utf-8", numbers, "no-store"};
  }
  if (path.starts_with(kReplays)) {
    const auto id_text = path.substr(kReplays.size());
    int64_t id = 0;
    const auto [end, ec] = std::from_chars(id_text.data(), id_text.data() + id_text.size(), id);
    std::shared_ptr<const std::string> replay;
    if (ec == std::errc() && end == id_text.data() + id_text.size()) replay = context.lobby.replay_text(id);
    if (!replay) return error_json(404, "unknown_replay", "Aucune partie terminée ne porte ce numéro.");
    // A finished game never changes: browsers may keep it.
    return {200, "application/json; charset=utf-8", *replay, "public, max-age=86400"};
  }
  if (path.starts_with("/api/")) return error_json(404, "not_found", "Cette adresse n’existe pas.");
  if (path == "/ws") {
    return error_json(426, "upgrade_required", "Cette adresse attend une connexion WebSocket.");
  }
  if (const auto* file = context.web.find(target)) {
    HttpReply reply{
        200, file->content_type, {}, file->immutable ? "public, max-age=31536000, immutable" : "no-cache"};
    reply.vary_encoding = !file->gzipped.empty();
    if (!file->gzipped.empty() && accepts_gzip(accept_encoding)) {
      reply.body = file->gzipped;
      reply.content_encoding = "gzip";
    } else {
      reply.body = file->body;
    }
    return reply;
  }
  if (context.web.empty() && path == "/") {
    return plain(200,
                 "<!doctype html><html lang=\"fr\"><meta charset=\"utf-8\"><title>Logomachie</title>"
                 "<p>Logomachie est en ligne, mais l’interface web n’est pas construite\u00a0: lance "
                 "<code>make run</code> (ou <code>--web build/web</code>).</p></html>\n",
                 "text/html; charset=utf-8");
  }
  return plain(404, "Page introuvable.\n");
}

std::string client_address(std::string_view peer, std::string_view forwarded_for,
                           const std::vector<std::string>& trusted) {
  if (forwarded_for.empty() || std::find(trusted.begin(), trusted.end(), peer) == trusted.end()) {
    return std::string(peer);
  }
  auto last = forwarded_for.substr(forwarded_for.rfind(',') + 1);
  while (!last.empty() && last.front() == ' ') last.remove_prefix(1);
  while (!last.empty() && last.back() == ' ') last.remove_suffix(1);
  // An address is short and made of hex digits, dots and colons; anything
  // else is not from our proxy.
  const bool plausible =
      !last.empty() && last.size() <= 45 && std::all_of(last.begin(), last.end(), [](char c) {
        return std::isxdigit(static_cast<unsigned char>(c)) || c == '.' || c == ':';
      });
  return plausible ? std::string(last) : std::string(peer);
}

}  // namespace logomachie::server
