// Word Bank in the terminal.
#include "games/core/terminal.h"

#include <iostream>
#include <sstream>

#include "games/core/narration.h"
#include "games/wordbank/wordbank.h"

namespace logomachie::games::wordbank {
namespace {

std::string plural(int n, std::string_view word) {
  return number_text(n) + " " + std::string(word) + (n > 1 || n < -1 ? "s" : "");
}

class WordBankTerminal final : public TerminalGame {
 public:
  explicit WordBankTerminal(const WordBankGame&) {}

  void show(const State& base, PlayerId seat, std::ostream& out) const override {
    const auto& s = dynamic_cast<const WordBankState&>(base);
    const auto& d = s.data();
    out << "\n──── Word Bank · tour " << d.turn + 1 << " · à " << names[static_cast<std::size_t>(seat)]
        << " ────\n";
    out << "Coffres, dans le sens horaire (pioche\u00a0: " << d.deck.size() << ")\u00a0:\n";
    for (std::size_t i = 0; i < d.circle.size(); ++i) {
      const auto& v = d.circle[i];
      out << "  [" << i << "] " << v.card.letter << "  ";
      for (int g : v.gems) out << initial(g);
      for (int k = 0; k < v.free(); ++k) out << "·";
      out << "   ("
          << (v.free() == 0 ? "plein" : plural(v.free(), "place") + " libre" + (v.free() > 1 ? "s" : ""))
          << ")\n";
    }
    out << "Pierres en main\u00a0:";
    for (int p = 0; p < s.players(); ++p) {
      out << "  " << names[static_cast<std::size_t>(p)] << " (" << initial(p) << ") "
          << d.hand[static_cast<std::size_t>(p)] << ", "
          << plural(static_cast<int>(d.won[static_cast<std::size_t>(p)].size()), "coffre");
    }
    out << "\n";
    if (!d.used.empty()) {
      out << "Déjà utilisés\u00a0:";
      for (const auto& u : d.used) out << " " << u;
      out << "\n";
    }
  }

  // Which cards took the gems: the terminal numbers the circle's cards.
  void after_event(const State& base, const JsonObject& e, std::ostream& out) const override {
    (void)base;
    if (e.at("type") != "password_accepted") return;
    out << "    sur";
    for (const auto& c : e.at("cards").as_array()) out << " [" << c.to_number<int>() << "]";
    out << (e.at("direction") == "cw" ? " (sens horaire)\n" : " (sens anti-horaire)\n");
  }

  std::optional<Action> ask(const State& base, PlayerId seat, std::istream& in,
                            std::ostream& out) const override {
    const auto& s = dynamic_cast<const WordBankState&>(base);
    const auto slots = s.slots();
    const int gems = s.data().hand[static_cast<std::size_t>(seat)];
    while (true) {
      out << "Ton mot de passe («\u00a0/passe\u00a0» pour passer, «\u00a0/quitter\u00a0» pour "
             "arrêter)\u00a0: "
          << std::flush;
      const auto line = read_line(in);
      if (!line || *line == "/quitter") return std::nullopt;
      if (line->empty()) continue;
      if (*line == "/passe") return Action::make(seat, s.now(), JsonObject{{"type", "pass"}});
      const auto letters = game_letters(*line);
      if (letters.empty()) {
        out << "  Un mot de passe s’écrit avec des lettres.\n";
        continue;
      }
      auto options = placements_by_start(slots, letters, gems);
      if (options.empty()) {
        out << "  Aucun coffre libre ne porte la lettre " << letters[0] << "\u00a0: choisis un autre mot.\n";
        continue;
      }
      std::stable_sort(options.begin(), options.end(), [](const Placement& a, const Placement& b) {
        return a.gems() != b.gems() ? a.gems() > b.gems() : a.closes > b.closes;
      });
      out << "Où poser tes pierres\u00a0?\n";
      for (std::size_t i = 0; i < options.size(); ++i) {
        const auto& p = options[i];
        out << "  " << i + 1 << ") ";
        for (std::size_t k = 0; k < p.cards.size(); ++k) {
          out << (k ? " → " : "") << slots[static_cast<std::size_t>(p.cards[k])].letter << "[" << p.cards[k]
              << "]";
        }
        out << (p.direction == Direction::kClockwise ? "  sens horaire" : "  sens anti-horaire") << ", "
            << plural(p.gems(), "pierre");
        if (p.closes) out << ", ferme " << plural(p.closes, "coffre");
        out << "\n";
      }
      out << "Ton choix [1], ou tes coffres dans l’ordre suivis du sens (ex. «\u00a00 5 4 a\u00a0»\u00a0: a "
             "= anti-horaire,\n"
             "h = horaire), ou 0 pour changer de mot\u00a0: "
          << std::flush;
      const auto choice = read_line(in);
      if (!choice) return std::nullopt;
      JsonArray cards;
      std::string direction;
      if (choice->find(' ') != std::string::npos) {
        // The player's own placement; the engine checks it.
        std::istringstream words(*choice);
        std::string token;
        while (words >> token) {
          if (token == "h" || token == "a") {
            direction = token == "h" ? "cw" : "ccw";
          } else if (token.size() == 1 && token[0] >= '0' && token[0] <= '9') {
            cards.push_back(token[0] - '0');
          } else {
            cards.clear();
            break;
          }
        }
        if (cards.empty()) {
          out << "  Je n’ai pas compris\u00a0: des numéros de coffres séparés par des espaces, puis h ou "
                 "a.\n";
          continue;
        }
      } else {
        std::size_t pick = 1;
        if (!choice->empty()) {
          try {
            pick = std::stoul(*choice);
          } catch (const std::exception&) {
            pick = 0;
          }
        }
        if (pick == 0 || pick > options.size()) continue;
        const auto& p = options[pick - 1];
        for (int c : p.cards) cards.push_back(c);
        direction = std::string(to_string(p.direction));
      }
      JsonObject body{{"type", "password"}, {"word", *line}, {"cards", cards}};
      if (!direction.empty()) body["direction"] = direction;
      return Action::make(seat, s.now(), std::move(body));
    }
  }

  void results(const State& base, std::ostream& out) const override {
    const auto& s = dynamic_cast<const WordBankState&>(base);
    const auto o = s.outcome();
    out << "\n════ Fin de la partie ════\n";
    const auto& reason = s.data().end_reason;
    if (reason == "no_gems") out << "Un joueur n’a plus de pierres devant lui.\n";
    if (reason == "stalled") out << "Plus personne ne trouvait de mot de passe.\n";
    if (reason == "circle_empty") out << "Il n’y a plus de coffre.\n";
    for (int r = 1; r <= s.players(); ++r) {
      for (int p = 0; p < s.players(); ++p) {
        if (o.rank[static_cast<std::size_t>(p)] != r) continue;
        out << "  " << r << ". " << names[static_cast<std::size_t>(p)]
            << "\u00a0: " << plural(s.score(p), "pierre") << " non sécurisée" << (s.score(p) > 1 ? "s" : "")
            << ", " << plural(static_cast<int>(s.data().won[static_cast<std::size_t>(p)].size()), "coffre")
            << "\n";
      }
    }
    out << "Le moins de pierres gagne\u00a0: bravo "
        << names[static_cast<std::size_t>(std::min_element(o.rank.begin(), o.rank.end()) - o.rank.begin())]
        << "\u00a0!\n";
  }

 private:
  static char initial(int seat) { return static_cast<char>('A' + seat); }
};

}  // namespace

std::unique_ptr<TerminalGame> WordBankGame::terminal() const {
  return std::make_unique<WordBankTerminal>(*this);
}

}  // namespace logomachie::games::wordbank
