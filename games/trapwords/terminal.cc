// TrapWords in the terminal: one person with bots (a shared keyboard would
// show each person the other team's traps). The dungeon as a line of rooms,
// the trap sheet to write, clues and guesses with the referee's verdicts.
#include "games/core/terminal.h"

#include <algorithm>
#include <iostream>

#include "games/trapwords/trapwords.h"

namespace logomachie::games::trapwords {
namespace {

constexpr const char* kTeams[] = {"l’équipe bleue", "l’équipe rouge"};

std::string curse_name(std::string_view id) {
  static const std::pair<std::string_view, std::string_view> kNames[] = {
      {"inondation", "Inondation (un seul message d’indices)"},
      {"gribouillage", "Gribouillage (10 pièges, le temps d’un sablier)"},
      {"mot-interdit", "Le mot interdit (ce piège-là fait reculer d’une salle)"},
      {"serpent", "Serpent fantôme (aucun mot qui commence par s)"},
      {"echo", "Écho (répéter la fin de chaque mot\u00a0: «\u00a0chat-at\u00a0»)"},
      {"tenebres", "Ténèbres (on ne voit que le dernier indice)"},
      {"desarmer", "Désarmer (l’éclaireur adverse barre un piège de votre liste)"},
      {"toc", "TOC («\u00a0Je mange mon chapeau si ce n’est pas…\u00a0» avant chaque réponse)"},
      {"petrification", "Pétrification (plus d’indice après la première réponse)"},
      {"faible", "Faible d’esprit (des noms, rien que des noms)"},
  };
  for (const auto& [k, v] : kNames) {
    if (k == id) return std::string(v);
  }
  return std::string(id);
}

// What the monster does to the team fighting it (normal card, asterisk card).
std::string monster_power(std::string_view id) {
  const bool star = !id.empty() && id.back() == '*';
  if (star) id.remove_suffix(1);
  if (id == "demon") {
    return star ? "les adversaires écrivent deux fois plus de pièges"
                : "les adversaires écrivent une fois et demie plus de pièges";
  }
  if (id == "dragon")
    return star ? "une seule réponse pour trouver" : "trois réponses seulement pour trouver";
  if (id == "momie") {
    return star ? "deux malédictions tirées au hasard s’ajoutent au combat"
                : "une malédiction tirée au hasard s’ajoute au combat";
  }
  if (id == "troll")
    return star ? "l’éclaireur n’a que 5 mots pour tout le tour"
                : "l’éclaireur n’a que 10 mots pour tout le tour";
  return star ? "réponses illimitées, mais elles déclenchent aussi les pièges, et deux pièges de plus"
              : "réponses illimitées, mais elles déclenchent aussi les pièges";
}

std::string monster_name(std::string_view id) {
  const bool star = !id.empty() && id.back() == '*';
  if (star) id.remove_suffix(1);
  std::string name = id == "demon"    ? "le Démon"
                     : id == "dragon" ? "le Dragon"
                     : id == "momie"  ? "la Momie"
                     : id == "troll"  ? "le Troll"
                                      : "le Vampire";
  return name + (star ? " *" : "");
}

class TrapWordsTerminal final : public TerminalGame {
 public:
  // No hourglass at the keyboard (bots give up when out of ideas); two
  // teams of two; one person at most (the other team's traps are secret).
  int default_players() const override { return 4; }
  int max_people(int players) const override {
    (void)players;
    return 1;
  }
  void keyboard(Setup& setup) const override {
    setup.options["turn_seconds"] = 0;
    setup.options["write_seconds"] = 0;
  }

  // The person writes before the bot teammate fills the sheet, and guesses
  // before the bot clue-giver adds a clue (to_act lists guessers first).
  bool follow_order(const State& base) const override {
    const auto phase = dynamic_cast<const TrapWordsState&>(base).data().phase;
    return phase == Phase::kWrite || phase == Phase::kTurn;
  }

  void show(const State& base, PlayerId seat, std::ostream& out) const override {
    const auto& s = dynamic_cast<const TrapWordsState&>(base);
    const auto& d = s.data();
    const int team = TrapWordsState::team_of(seat);
    out << "\n──── TrapWords · manche " << d.round << "/" << kRounds << " · à "
        << names[static_cast<std::size_t>(seat)] << " (" << kTeams[team] << ") ────\n";
    dungeon(s, out);
    for (int t = 0; t < 2; ++t) {
      for (auto c : d.curses[static_cast<std::size_t>(t)]) {
        out << "  Malédiction sur " << kTeams[t] << "\u00a0: " << curse_name(to_string(c)) << "\n";
      }
    }
    if (d.phase == Phase::kWrite) {
      const auto& sheet = d.sheet[static_cast<std::size_t>(team)];
      out << "Mot secret de " << kTeams[1 - team] << "\u00a0: " << guillemets(s.secret(1 - team))
          << ". Écrivez jusqu’à " << sheet.limit << " mots-pièges (" << sheet.traps.size()
          << (sheet.traps.size() > 1 ? " écrits" : " écrit");
      for (std::size_t i = 0; i < sheet.traps.size(); ++i) {
        out << (i ? ", " : "\u00a0: ") << guillemets(sheet.traps[i]);
        if (sheet.forbidden && *sheet.forbidden == static_cast<int>(i)) out << " (mot interdit)";
      }
      out << ").\n";
      if (sheet.limit > 0 && sheet.forbidden) {
        out << "Mot interdit choisi\u00a0: "
            << guillemets(sheet.traps[static_cast<std::size_t>(*sheet.forbidden)]) << ". S’il se déclenche, "
            << kTeams[1 - team] << " recule d’une salle.\n";
      }
    } else if (d.phase == Phase::kTurn) {
      const auto& t = *d.turn;
      if (seat == t.clue_giver)
        out << "Tu es l’éclaireur\u00a0: fais deviner " << guillemets(s.secret(t.team)) << ".\n";
      const auto& cursed = d.curses[static_cast<std::size_t>(t.team)];
      if (!t.clues.empty() && std::find(cursed.begin(), cursed.end(), Curse::kTenebres) != cursed.end()) {
        out << "Dernier indice (ténèbres\u00a0: il s’efface au suivant)\u00a0: " << guillemets(t.clues.back())
            << "\n";
      }
      out << "Réponses fausses\u00a0: " << t.wrong;
      if (t.guess_limit > 0) out << " sur " << t.guess_limit;
      out << "\n";
    }
  }

  // Each trap written is shown on the person's own sheet; the list handed in
  // is told (« sealed »).
  bool tells(const JsonObject& e) const override {
    return e.at("type") != "trap_written" && e.at("type") != "trap_erased";
  }

  void before_event(const State& base, const JsonObject& e, std::ostream& out) const override {
    (void)base;
    if (e.at("type") == "round_started") out << "\n═══ Manche " << e.at("round").to_number<int>() << " ═══\n";
    if (e.at("type") == "turn_started" || e.at("type") == "game_over") out << "\n";
  }

  // After a turn, the traps it was played against (whose list, which were
  // crossed out or the mot interdit).
  void after_event(const State& base, const JsonObject& e, std::ostream& out) const override {
    (void)base;
    if (e.at("type") != "turn_ended") return;
    const auto& t = e.at("turn").as_object();
    JsonArrayPrinter{t.at("traps").as_array(), 1 - t.at("team").to_number<int>()}.print(out);
  }

  std::optional<Action> ask(const State& base, PlayerId seat, std::istream& in,
                            std::ostream& out) const override {
    const auto& s = dynamic_cast<const TrapWordsState&>(base);
    const auto& d = s.data();
    auto make = [&](JsonObject body) { return Action::make(seat, s.now(), std::move(body)); };
    const int team = TrapWordsState::team_of(seat);
    while (true) {
      if (d.phase == Phase::kWrite) {
        out << "Un mot-piège («\u00a0/fini\u00a0» pour remettre la liste, «\u00a0/efface MOT\u00a0», "
               "«\u00a0/interdit MOT\u00a0»)\u00a0: "
            << std::flush;
      } else if (d.phase == Phase::kDisarm) {
        out << "Désarmer\u00a0: quel piège barrer sur la liste de " << kTeams[1 - team]
            << ", sans la voir (1 à " << d.sheet[1 - static_cast<std::size_t>(team)].traps.size()
            << ")\u00a0? " << std::flush;
      } else if (d.phase == Phase::kTurn && seat == d.turn->clue_giver) {
        out << "Ton indice («\u00a0/passe\u00a0» pour abandonner)\u00a0: " << std::flush;
      } else if (d.phase == Phase::kTurn) {
        out << "Ta réponse («\u00a0/passe\u00a0» pour abandonner)\u00a0: " << std::flush;
      } else {
        out << "L’indice est-il invalide\u00a0? (o/n) " << std::flush;
      }
      const auto line = read_line(in);
      if (!line || *line == "/quitter") return std::nullopt;
      if (line->empty()) continue;
      if (d.phase == Phase::kWrite) {
        if (*line == "/fini") return make({{"type", "seal"}});
        if (line->rfind("/efface ", 0) == 0) return make({{"type", "untrap"}, {"word", line->substr(8)}});
        if (line->rfind("/interdit ", 0) == 0)
          return make({{"type", "forbidden"}, {"word", line->substr(10)}});
        if (auto error = s.check_trap(team, *line)) {
          out << "  ✗ " << error->message << "\n";
          continue;
        }
        return make({{"type", "trap"}, {"word", *line}});
      }
      if (d.phase == Phase::kDisarm) {
        try {
          return make({{"type", "disarm"}, {"row", std::stoi(*line)}});
        } catch (const std::exception&) {
          out << "  Un numéro, s’il te plaît.\n";
          continue;
        }
      }
      if (d.phase == Phase::kTurn) {
        if (*line == "/passe") return make({{"type", "give_up"}});
        if (seat == d.turn->clue_giver) return make({{"type", "clue"}, {"text", *line}});
        return make({{"type", "guess"}, {"text", *line}});
      }
      if (*line == "o" || *line == "n") return make({{"type", "vote"}, {"invalid", *line == "o"}});
    }
  }

  void results(const State& base, std::ostream& out) const override {
    const auto& s = dynamic_cast<const TrapWordsState&>(base);
    out << "\n════ Fin de la partie ════\n";
    dungeon(s, out);
    const auto o = s.outcome();
    out << "  Mots trouvés\u00a0: " << o.details.at("found").to_number<int>() << " sur "
        << o.details.at("turns").to_number<int>() << " tours.\n";
  }

 private:
  // Prints a finished turn's traps.
  struct JsonArrayPrinter {
    const JsonArray& rows;
    int writers;  // the team that wrote them
    void print(std::ostream& out) const {
      if (rows.empty()) return;
      out << "    Les pièges de " << kTeams[writers] << " étaient\u00a0:";
      bool first = true;
      for (const auto& r : rows) {
        out << (first ? " " : ", ") << guillemets(r.at("word").as_string().c_str())
            << (r.at("crossed").as_bool() ? " (barré par Désarmer)" : "")
            << (r.at("forbidden").as_bool() ? " (mot interdit)" : "");
        first = false;
      }
      out << ".\n";
    }
  };

  // One line: rooms with pawns (B, R), the monster (M) and face-down curses (?).
  static void dungeon(const TrapWordsState& s, std::ostream& out) {
    const auto& d = s.data();
    out << " ";
    for (std::size_t r = 0; r < d.rooms.size(); ++r) {
      out << " [" << d.rooms[r];
      if (d.pawn[0] == static_cast<int>(r)) out << " B";
      if (d.pawn[1] == static_cast<int>(r)) out << " R";
      if (d.monster_room == static_cast<int>(r)) out << " M";
      if (d.room_curse[r]) out << "\u00a0?";
      out << "]";
    }
    out << "   M = " << monster_name(to_string(d.monster)) << ",\u00a0? = malédiction cachée\n";
    out << "  Le combat contre " << monster_name(to_string(d.monster))
        << "\u00a0: " << monster_power(to_string(d.monster))
        << ". On le combat en arrivant dans sa salle\u00a0; le trouver le terrasse.\n";
  }
};

}  // namespace

std::unique_ptr<TerminalGame> TrapWordsGame::terminal() const {
  return std::make_unique<TrapWordsTerminal>();
}

}  // namespace logomachie::games::trapwords
