// Mot pour Mot in the terminal: the board as 17 columns between the two
// teams, the card, the word (with the pulls it makes), challenges and votes.
#include "games/core/terminal.h"

#include <iostream>
#include <sstream>

#include "games/motpourmot/motpourmot.h"

namespace logomachie::games::motpourmot {
namespace {

constexpr const char* kTeams[] = {"l’équipe bleue", "l’équipe rouge"};

class MotPourMotTerminal final : public TerminalGame {
 public:
  // No timers at the keyboard: the teams are patient.
  void keyboard(Setup& setup) const override {
    for (const char* k : {"turn_seconds", "challenge_seconds", "vote_seconds"}) setup.options[k] = 0;
  }

  void show(const State& base, PlayerId seat, std::ostream& out) const override {
    const auto& s = dynamic_cast<const MotPourMotState&>(base);
    const auto& d = s.data();
    out << "\n──── Mot pour Mot · tour " << d.turn << " · " << kTeams[d.team] << " joue · à "
        << names[static_cast<std::size_t>(seat)] << " ────\n";
    board(s, out);
    out << "Catégorie\u00a0: " << guillemets(s.category().text) << "\n";
  }

  void before_event(const State& base, const JsonObject& e, std::ostream& out) const override {
    (void)base;
    if (e.at("type") == "turn_started" || e.at("type") == "game_over") out << "\n";
  }

  // The tiles a word pulled, in order (the board is drawn before each turn).
  void after_event(const State& base, const JsonObject& e, std::ostream& out) const override {
    (void)base;
    if (e.at("type") != "word_played") return;
    const auto& steps = e.at("steps").as_array();
    out << "    lettres tirées\u00a0:";
    for (const auto& step : steps) {
      out << " " << step.at("letter").as_string().c_str()
          << (step.at("captured").as_bool() ? " (capturée\u00a0!)" : "");
    }
    out << (steps.empty() ? " aucune" : "") << "\n";
  }

  std::optional<Action> ask(const State& base, PlayerId seat, std::istream& in,
                            std::ostream& out) const override {
    const auto& s = dynamic_cast<const MotPourMotState&>(base);
    const auto& d = s.data();
    auto make = [&](JsonObject body) { return Action::make(seat, s.now(), std::move(body)); };
    while (true) {
      if (d.phase == Phase::kPlay) {
        out << "Ton mot (un seul\u00a0; «\u00a0/passe\u00a0» si rien ne vient, «\u00a0/quitter\u00a0» pour "
               "arrêter)\u00a0: "
            << std::flush;
      } else if (d.phase == Phase::kChallenge) {
        out << guillemets(d.played->word) << "\u00a0: o = on accepte, orthographe = vérifier l’orthographe, "
            << "categorie = hors catégorie\u00a0: " << std::flush;
      } else if (s.table_mode()) {
        // Around a table: a show of hands, counted.
        out << guillemets(d.played->word) << " "
            << (d.played->vote == "spelling" ? "est-il bien écrit" : "va-t-il avec la catégorie")
            << "\u00a0? Mains pour, puis mains contre (ex. «\u00a03 2\u00a0»)\u00a0: " << std::flush;
      } else {
        out << guillemets(d.played->word) << " "
            << (d.played->vote == "spelling" ? "est-il bien écrit" : "va-t-il avec la catégorie")
            << "\u00a0? (o/n) " << std::flush;
      }
      const auto line = read_line(in);
      if (!line || *line == "/quitter") return std::nullopt;
      if (d.phase == Phase::kPlay) {
        if (*line == "/passe") return make({{"type", "give_up"}});
        if (auto error = s.check_word(*line)) {
          out << "  ✗ " << error->message << "\n";
          continue;
        }
        return make({{"type", "word"}, {"word", *line}});
      }
      if (d.phase == Phase::kChallenge) {
        if (*line == "o" || *line == "oui") return make({{"type", "accept"}});
        if (*line == "orthographe") return make({{"type", "challenge"}, {"kind", "spelling"}});
        if (*line == "categorie" || *line == "catégorie")
          return make({{"type", "challenge"}, {"kind", "category"}});
        out << "  Réponds «\u00a0o\u00a0», «\u00a0orthographe\u00a0» ou «\u00a0categorie\u00a0».\n";
        continue;
      }
      if (s.table_mode()) {
        std::istringstream counts(*line);
        int valid = -1, invalid = -1;
        if (counts >> valid >> invalid && valid >= 0 && invalid >= 0 && valid <= 100 && invalid <= 100) {
          return make({{"type", "tally"}, {"valid", valid}, {"invalid", invalid}});
        }
        out << "  Deux nombres\u00a0: les mains pour, puis les mains contre.\n";
        continue;
      }
      if (*line == "o" || *line == "oui" || *line == "n" || *line == "non") {
        return make({{"type", "vote"}, {"valid", line->front() == 'o'}});
      }
      out << "  Réponds «\u00a0o\u00a0» ou «\u00a0n\u00a0».\n";
    }
  }

  void results(const State& base, std::ostream& out) const override {
    const auto& s = dynamic_cast<const MotPourMotState&>(base);
    out << "\n════ Fin de la partie ════\n";
    board(s, out);
    for (int t = 0; t < 2; ++t) {
      out << "  " << capitalised(kTeams[t]) << "\u00a0: " << s.captures(t) << " lettre"
          << (s.captures(t) > 1 ? "s" : "") << " capturée" << (s.captures(t) > 1 ? "s" : "") << " (";
      bool first = true;
      if (s.table_mode()) out << "autour de la table";
      for (int p = t; p < s.players() && !s.table_mode(); p += 2) {
        out << (first ? "" : ", ") << names[static_cast<std::size_t>(p)];
        first = false;
      }
      out << ")\n";
    }
  }

 private:
  // Rows from the blue team's edge to the red team's; one column per tile.
  static void board(const MotPourMotState& s, std::ostream& out) {
    const auto& d = s.data();
    out << "  bleue   ";
    for (int row = -kCaptured; row <= kCaptured; ++row) {
      if (row != -kCaptured) out << "          ";
      for (std::size_t i = 0; i < d.letters.size(); ++i) {
        out << (d.position[i] == row                      ? d.letters[i]
                : (row == -kCaptured || row == kCaptured) ? ' '
                : row == 0                                ? '-'
                                                          : '.')
            << ' ';
      }
      out << (row == kCaptured ? " rouge" : "") << "\n";
    }
  }
  static std::string capitalised(std::string s) {
    if (s.rfind("l’", 0) == 0) s[0] = 'L';
    return s;
  }
};

}  // namespace

std::unique_ptr<TerminalGame> MotPourMotGame::terminal() const {
  return std::make_unique<MotPourMotTerminal>();
}

}  // namespace logomachie::games::motpourmot
