// Lettralettre 26 in the terminal.
#include "games/core/terminal.h"

#include <iostream>

#include "games/core/narration.h"
#include "games/lettralettre/lettralettre.h"

namespace logomachie::games::lettralettre {
namespace {

std::string plural(int n, std::string_view word) {
  return number_text(n) + " " + std::string(word) + (n > 1 || n < -1 ? "s" : "");
}

class LettralettreTerminal final : public TerminalGame {
 public:
  // No hourglass at the keyboard: people type slowly.
  void keyboard(Setup& setup) const override {
    setup.options["round_seconds"] = 0;
    setup.options["reveal_seconds"] = 0;
  }

  explicit LettralettreTerminal(const LettralettreGame& game) : game_(game) {}

  void show(const State& base, PlayerId seat, std::ostream& out) const override {
    const auto& s = dynamic_cast<const LettralettreState&>(base);
    const auto& d = s.data();
    out << "\n──── Lettralettre 26 · "
        << (d.phase == Phase::kAuction ? "enchères" : "manche " + std::to_string(d.round)) << " · à "
        << names[static_cast<std::size_t>(seat)] << " ────\n";
    out << "Jetons\u00a0:";
    for (int p = 0; p < s.players(); ++p) {
      out << "  " << names[static_cast<std::size_t>(p)] << " " << d.tokens[static_cast<std::size_t>(p)]
          << (d.out[static_cast<std::size_t>(p)] ? " (éliminé)" : "");
    }
    out << "\n";
    const auto& mine = d.held[static_cast<std::size_t>(seat)];
    if (!mine.empty()) {
      out << "Tes contraintes\u00a0:\n";
      for (std::size_t i = 0; i < mine.size(); ++i) out << "  " << i << ") " << card(mine[i]) << "\n";
    }
    if (d.phase == Phase::kAuction) {
      out << "Carte à prendre\u00a0: " << card(d.auction_card) << " — " << plural(d.pot, "jeton")
          << " dessus.\n";
    } else if (d.phase == Phase::kWords) {
      out << "Lettres\u00a0:";
      for (char c : d.shown) {
        const int stars = game_.stars()[static_cast<std::size_t>(c - 'A')];
        out << "  " << c << (stars ? std::string(static_cast<std::size_t>(stars), '*') : "");
      }
      out << "     Taboues\u00a0:";
      for (char c : d.taboo_letters) out << " " << c;
      out << "\n(* = étoile rouge\u00a0: 1 point de plus si la lettre sert\u00a0; chaque lettre peut servir "
             "plusieurs fois.)\n";
    }
  }

  void before_event(const State& base, const JsonObject& e, std::ostream& out) const override {
    (void)base;
    if (e.at("type") == "round_dealt" || e.at("type") == "round_scored") out << "\n";
  }

  // The reveal in full: each word with its card, each player's best word
  // under their own cards, and the best word with no card.
  void after_event(const State& base, const JsonObject& e, std::ostream& out) const override {
    (void)base;
    if (e.at("type") != "round_scored") return;
    auto who = [&](const Json& v) { return names[static_cast<std::size_t>(v.to_number<int>())]; };
    const auto& r = e.at("result").as_object();
    for (const auto& entry : r.at("entries").as_array()) {
      const auto& x = entry.as_object();
      out << "    " << who(x.at("player")) << "\u00a0: ";
      if (x.contains("word")) {
        out << guillemets(x.at("word").as_string().c_str()) << " avec "
            << guillemets(card(x.at("constraint").as_string().c_str()));
      } else {
        out << "pas de mot";
      }
      out << " = " << plural(x.at("score").to_number<int>(), "point");
      if (x.contains("eliminated"))
        out << " — plus de jeton\u00a0: éliminé\u00a0!";
      else if (x.at("tokens").to_number<int>() > 0)
        out << " — gagne 2 jetons";
      else
        out << " — paie 1 jeton";
      out << "\n";
      if (const auto* best = x.if_contains("best"); best && best->is_object()) {
        out << "      son meilleur mot possible\u00a0: " << guillemets(best->at("word").as_string().c_str())
            << " avec " << guillemets(card(best->at("card").as_string().c_str())) << ", "
            << plural(best->at("score").to_number<int>(), "point") << "\n";
      }
    }
    const auto& best = r.at("best_possible").as_object();
    if (!best.at("word").is_null()) {
      out << "  Sans aucune contrainte, le meilleur mot était "
          << guillemets(best.at("word").as_string().c_str()) << ", "
          << plural(best.at("score").to_number<int>(), "point") << ".\n";
    }
  }

  std::optional<Action> ask(const State& base, PlayerId seat, std::istream& in,
                            std::ostream& out) const override {
    const auto& s = dynamic_cast<const LettralettreState&>(base);
    const auto& d = s.data();
    auto make = [&](JsonObject body) { return Action::make(seat, s.now(), std::move(body)); };
    if (d.phase == Phase::kAuction) {
      while (true) {
        out << "Prendre cette carte\u00a0? (o = oui\u00a0; n = non, tu poses un jeton dessus et passes) "
            << std::flush;
        const auto line = read_line(in);
        if (!line || *line == "/quitter") return std::nullopt;
        if (*line == "o" || *line == "oui" || *line == "prendre") return make({{"type", "take"}});
        if (*line == "n" || *line == "non" || *line == "passer") {
          if (d.tokens[static_cast<std::size_t>(seat)] == 0) {
            out << "  Tu n’as plus de jeton\u00a0: tu dois la prendre.\n";
            continue;
          }
          return make({{"type", "pass"}});
        }
      }
    }
    if (d.phase == Phase::kReveal) {
      out << "Entrée pour la manche suivante… " << std::flush;
      if (!read_line(in)) return std::nullopt;
      return make({{"type", "ready"}});
    }
    const auto& mine = d.held[static_cast<std::size_t>(seat)];
    while (true) {
      out << "Ton mot, suivi du numéro de ta contrainte (ex. «\u00a0kepi 0\u00a0»\u00a0; "
             "«\u00a0/abandon\u00a0» si rien ne vient,\n"
             "«\u00a0/quitter\u00a0» pour arrêter)\u00a0: "
          << std::flush;
      const auto line = read_line(in);
      if (!line || *line == "/quitter") return std::nullopt;
      if (*line == "/abandon") return make({{"type", "give_up"}});
      const auto space = line->rfind(' ');
      std::string word = *line;
      std::size_t index = 0;
      if (space != std::string::npos && space + 2 == line->size() &&
          (line->back() == '0' || line->back() == '1')) {
        word = line->substr(0, space);
        index = static_cast<std::size_t>(line->back() - '0');
      } else if (mine.size() > 1) {
        out << "  Indique aussi la contrainte\u00a0: 0 ou 1.\n";
        continue;
      }
      if (index >= mine.size()) continue;
      if (auto error = s.judge_word(seat, word, mine[index])) {
        out << "  ✗ " << error->message << "\n";
        continue;
      }
      return make({{"type", "submit"}, {"word", word}, {"constraint", mine[index]}});
    }
  }

  void results(const State& base, std::ostream& out) const override {
    const auto& s = dynamic_cast<const LettralettreState&>(base);
    const auto o = s.outcome();
    out << "\n════ Fin de la partie ════\n";
    for (int r = 1; r <= s.players(); ++r) {
      for (int p = 0; p < s.players(); ++p) {
        if (o.rank[static_cast<std::size_t>(p)] != r) continue;
        out << "  " << r << ". " << names[static_cast<std::size_t>(p)]
            << "\u00a0: " << plural(s.data().tokens[static_cast<std::size_t>(p)], "jeton")
            << (s.data().out[static_cast<std::size_t>(p)] ? " (éliminé)" : "") << "\n";
      }
    }
  }

 private:
  std::string card(std::string_view id) const {
    const auto* c = game_.find_constraint(id);
    if (!c) return std::string(id);
    return c->text + (c->bonus ? " (+" + std::to_string(c->bonus) + ")" : "");
  }
  const LettralettreGame& game_;
};

}  // namespace

std::unique_ptr<TerminalGame> LettralettreGame::terminal() const {
  return std::make_unique<LettralettreTerminal>(*this);
}

}  // namespace logomachie::games::lettralettre
