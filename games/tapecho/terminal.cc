// Le Tapécho in the terminal: one person with bots (a shared keyboard would
// show each person the others' hands). The context, every side of the table
// with its points, your hand numbered; on your turn you pick a card, then
// what to do with it; in a reaction window you parry or cry « hors
// contexte » (a window where you can only let go passes by itself).
#include "games/core/terminal.h"

#include <algorithm>
#include <cstdlib>
#include <iostream>

#include "games/core/narration.h"
#include "games/tapecho/tapecho.h"

namespace logomachie::games::tapecho {
namespace {

// « tache verte »: the colour agreed with « tache » (feminine).
std::string spot(const std::string& colour) {
  const std::string agreed = colour == "vert"     ? "verte"
                             : colour == "violet" ? "violette"
                             : colour == "gris"   ? "grise"
                                                  : colour;
  return "tache " + agreed;
}

std::string sex_word(Sex s) {
  return s == Sex::kH ? "homme" : s == Sex::kF ? "femme" : "mixte";
}

// What an attack does, in a few words (on a card in hand).
std::string effect_text(std::string_view effect) {
  static const std::pair<std::string_view, std::string_view> kEffects[] = {
      {"vol-atout", "l’attaquant prend le dernier atout de la cible"},
      {"defausse-atout", "le dernier atout de la cible part à la défausse"},
      {"passe-tour", "la cible passe son prochain tour"},
      {"pioche-deux", "la cible pioche deux cartes"},
      {"echange-main", "l’attaquant et la cible échangent leurs mains"},
      {"donne-carte", "l’attaquant refile une carte de sa main à la cible"},
      {"main-ouverte", "la cible joue main ouverte jusqu’à la fin de son prochain tour"},
      {"transfert-handicap", "le dernier handicap de l’attaquant passe à la cible"},
      {"atout-bloque", "pas d’atout pour la cible à son prochain tour"},
      {"double-handicap", "le dernier handicap de la cible compte double"},
      {"lien", "toute la partie\u00a0: à la fin, la cible cède 3 points à l’attaquant"},
  };
  for (const auto& [k, v] : kEffects) {
    if (k == effect) return std::string(v);
  }
  return std::string(effect);
}

class TapechoTerminal final : public TerminalGame {
 public:
  // Four at the table; one person at most (hands are secret); no turn
  // timer (reactions keep their window: people answer at once).
  int default_players() const override { return 4; }
  int max_people(int players) const override {
    (void)players;
    return 1;
  }
  void keyboard(Setup& setup) const override { setup.options["turn_seconds"] = 0; }

  explicit TapechoTerminal(const TapechoGame& game) : game_(game) {}

  // In a reaction window the person answers first: bots date their answers
  // a moment after the play, a person at the keyboard answers at once (so a
  // « Hors contexte » race is fair).
  bool people_first(const State& base) const override {
    return dynamic_cast<const TapechoState&>(base).data().phase == Phase::kReact;
  }

  // `--sex H|F`: the person's sex in the game (seat 0); the other seats
  // alternate from the other sex, so the table stays balanced.
  std::vector<Flag> flags() const override {
    return {{"sex", "H|F", "your sex in the game (H: man, F: woman); the other seats alternate"}};
  }
  std::optional<std::string> flag(std::string_view key, std::string_view value, Setup& setup) const override {
    if (key != "sex") return TerminalGame::flag(key, value, setup);
    if (value != "H" && value != "F" && value != "h" && value != "f")
      return "--sex\u00a0: H (homme) ou F (femme)";
    const bool man = value == "H" || value == "h";
    JsonArray sexes;
    for (int p = 0; p < setup.players; ++p) sexes.push_back((p % 2 == 0) == man ? "H" : "F");
    setup.options["sexes"] = std::move(sexes);
    return std::nullopt;
  }

  void show(const State& base, PlayerId seat, std::ostream& out) const override {
    const auto& s = dynamic_cast<const TapechoState&>(base);
    const auto& d = s.data();
    if (d.phase == Phase::kReact && only_let_go(s, seat)) return;  // nothing to decide: nothing to show
    const auto* ctx = game_.find_context(d.context);
    out << "\n──── Le Tapécho · partie " << d.game_no << "/" << d.games << " · à " << name(seat) << " ("
        << sex_word(d.sex[static_cast<std::size_t>(seat)]) << ") ────\n";
    out << "Contexte\u00a0: " << (ctx ? ctx->name + " (" + spot(ctx->colour) + ")" : d.context)
        << " · pioche\u00a0: " << d.pile.size() << "\n";
    for (int p = 0; p < s.players(); ++p) side(s, p, seat, out);
    if (d.phase == Phase::kReact) {
      window(s, out);
      return;
    }
    const int cost = s.hand_cost(seat);
    out << "Ta main (" << cost << (cost > 1 ? " points perdus" : " point perdu")
        << " si elle restait à la fin)\u00a0:\n";
    const auto& hand = d.sides[static_cast<std::size_t>(seat)].hand;
    for (std::size_t i = 0; i < hand.size(); ++i)
      out << "  " << i + 1 << ". " << card_line(s.card(hand[i])) << "\n";
  }

  void before_event(const State& base, const JsonObject& e, std::ostream& out) const override {
    (void)base;
    if (e.at("type") == "game_started" || e.at("type") == "game_ended") out << "\n";
  }

  std::optional<Action> ask(const State& base, PlayerId seat, std::istream& in,
                            std::ostream& out) const override {
    const auto& s = dynamic_cast<const TapechoState&>(base);
    const auto& d = s.data();
    auto make = [&](JsonObject body) { return Action::make(seat, s.now(), std::move(body)); };
    if (d.phase == Phase::kReact || d.phase == Phase::kChoose) {
      const auto options = s.legal_actions(seat).value_or(std::vector<Action>{});
      if (d.phase == Phase::kReact && only_let_go(s, seat)) return make({{"type", "let_go"}});
      out << (d.phase == Phase::kChoose ? "Tu as pioché ces deux cartes\u00a0: laquelle gardes-tu\u00a0?\n"
                                        : "Que fais-tu\u00a0?\n");
      for (std::size_t i = 0; i < options.size(); ++i)
        out << "  " << i + 1 << ". " << describe(options[i].body) << "\n";
      const auto pick = choose(in, out, options.size());
      if (!pick) return std::nullopt;
      return make(options[*pick].body);
    }
    const auto plays = s.plays(seat);
    if (plays.empty()) {
      out << "Rien à jouer et plus rien à piocher\u00a0: tu passes.\n";
      return make({{"type", "pass"}});
    }
    const auto& hand = d.sides[static_cast<std::size_t>(seat)].hand;
    while (true) {
      out << "Quelle carte joues-tu\u00a0? (1 à " << hand.size() << ", «\u00a0/quitter\u00a0» pour arrêter) "
          << std::flush;
      const auto c = choose(in, out, hand.size(), false);
      if (!c) return std::nullopt;
      const auto& id = s.card(hand[*c]).id;
      std::vector<JsonObject> mine;
      for (const auto& b : plays) {
        if (b.at("card").as_string() == id) mine.push_back(b);
      }
      if (mine.empty()) {
        out << "  ✗ " << quoted(s.card(hand[*c])) << " ne se joue pas maintenant"
            << (s.card(hand[*c]).kind == Kind::kDefense || s.card(hand[*c]).kind == Kind::kHorsContexte
                    ? "\u00a0: elle sert à réagir, hors de ton tour.\n"
                    : ".\n");
        continue;
      }
      out << "Avec " << quoted(s.card(hand[*c])) << "\u00a0:\n  0. une autre carte\n";
      for (std::size_t i = 0; i < mine.size(); ++i) out << "  " << i + 1 << ". " << describe(mine[i]) << "\n";
      const auto pick = choose(in, out, mine.size(), true, true);
      if (!pick) return std::nullopt;
      if (*pick == mine.size()) continue;  // « 0 »: back to the hand
      return make(mine[*pick]);
    }
  }

  void results(const State& base, std::ostream& out) const override {
    const auto& s = dynamic_cast<const TapechoState&>(base);
    const auto& d = s.data();
    const auto o = s.outcome();
    const auto teams = s.teams();
    const bool team_mode = d.mode != "classique";
    out << "\n════ Fin du match ("
        << (!team_mode          ? "chacun pour soi"
            : d.mode == "sexes" ? "guerre des sexes"
                                : "guerre des couples")
        << ") ════\n";
    // One line per team (per player in classique), best first: its total and who.
    std::vector<int> firsts;  // one seat per team
    for (int p = 0; p < s.players(); ++p) {
      const bool seen = std::any_of(firsts.begin(), firsts.end(), [&](int q) {
        return teams[static_cast<std::size_t>(q)] == teams[static_cast<std::size_t>(p)];
      });
      if (!seen) firsts.push_back(p);
    }
    auto rank = [&](int p) { return o.rank[static_cast<std::size_t>(p)]; };
    std::stable_sort(firsts.begin(), firsts.end(), [&](int a, int b) { return rank(a) < rank(b); });
    std::vector<std::string> winners;
    for (int f : firsts) {
      int total = 0;
      std::string who;
      for (int p = 0; p < s.players(); ++p) {
        if (teams[static_cast<std::size_t>(p)] != teams[static_cast<std::size_t>(f)]) continue;
        total += d.totals[static_cast<std::size_t>(p)];
        who += (who.empty() ? "" : " et ") + name(p);
      }
      out << "  " << rank(f) << ". " << who << "\u00a0: " << signed_number(total)
          << (std::abs(total) > 1 ? " points\n" : " point\n");
      if (rank(f) == 1) winners.push_back(who);
    }
    if (winners.size() > 1) {
      out << "  Égalité en tête\u00a0!\n";
    } else if (team_mode) {
      out << "  Victoire pour " << winners.front() << "\u00a0!\n";
    } else {
      const bool woman = d.sex[static_cast<std::size_t>(firsts.front())] == Sex::kF;
      out << "  " << winners.front()
          << (woman ? " est sacrée grande séductrice\u00a0!\n" : " est sacré grand séducteur\u00a0!\n");
    }
  }

 private:
  std::string name(int seat) const { return names[static_cast<std::size_t>(seat)]; }
  // A card id in an event or an action, as an index into the deck.
  std::size_t idx(const Json& v) const { return static_cast<std::size_t>(game_.card_index(v.as_string())); }

  static std::string quoted(const Card& c) { return guillemets(c.text); }

  // « Atout +3 [homme, tache jaune] « … » »: what a card is, in one line.
  static std::string card_line(const Card& c) {
    std::string kind = c.kind == Kind::kAtout      ? "Atout " + signed_number(c.points)
                       : c.kind == Kind::kHandicap ? "Handicap " + signed_number(c.points)
                       : c.kind == Kind::kAttaque  ? "Attaque"
                       : c.kind == Kind::kDefense  ? "Défense"
                                                   : "Hors contexte";
    std::string tags = c.kind == Kind::kHorsContexte ? "" : sex_word(c.sex);
    if (!c.colour.empty()) tags += ", " + spot(c.colour);
    std::string line = kind + (tags.empty() ? "" : " [" + tags + "]") + " " + quoted(c);
    if (c.kind == Kind::kAttaque) line += "\u00a0: " + effect_text(c.effect);
    return line;
  }

  void side(const TapechoState& s, int p, int seat, std::ostream& out) const {
    const auto& side = s.data().sides[static_cast<std::size_t>(p)];
    out << "  " << name(p) << (p == seat ? " (toi)" : "") << " · "
        << sex_word(s.data().sex[static_cast<std::size_t>(p)]) << " · " << signed_number(s.table_score(p))
        << " pts sur la table · " << side.hand.size() << " carte" << (side.hand.size() > 1 ? "s" : "")
        << " en main";
    if (side.skip) out << " · passe son prochain tour";
    if (side.atout_blocked) out << " · atout bloqué";
    if (side.open_hand) out << " · main ouverte";
    out << "\n";
    auto pile = [&](const char* label, const std::vector<int>& cards) {
      if (cards.empty()) return;
      out << "      " << label << "\u00a0:";
      for (int c : cards) {
        const auto& k = s.card(c);
        const bool doubled = std::find(side.doubled.begin(), side.doubled.end(), c) != side.doubled.end();
        out << " " << quoted(k) << " " << signed_number(k.points) << (doubled ? " ×2" : "");
      }
      out << "\n";
    };
    pile("atouts", side.atouts);
    pile("handicaps", side.handicaps);
    if (side.open_hand && p != seat) pile("main", side.hand);
  }

  void window(const TapechoState& s, std::ostream& out) const {
    const auto& w = *s.data().window;
    if (w.attack) {
      out << name(w.actor) << " attaque " << name(w.attack_target) << " avec " << quoted(s.card(*w.attack))
          << "\u00a0: " << effect_text(s.card(*w.attack).effect) << ".\n";
    }
    if (w.contestable && !w.hors) {
      out << quoted(s.card(*w.contestable))
          << " n’a pas la couleur du contexte\u00a0: un «\u00a0Hors contexte\u00a0» peut l’annuler.\n";
    }
    if (w.hors && w.contestable) {
      out << name(w.hors_player) << " crie «\u00a0Hors contexte\u00a0!\u00a0» contre la carte "
          << quoted(s.card(*w.contestable)) << "\u00a0: " << name(w.actor)
          << " peut la sauver avec sa défense.\n";
    }
  }

  static bool only_let_go(const TapechoState& s, int seat) {
    const auto options = s.legal_actions(seat);
    return !options || options->size() <= 1;
  }

  std::string describe(const JsonObject& b) const {
    const auto type = b.at("type").as_string();
    auto target = [&](std::string_view key) { return name(static_cast<int>(b.at(key).to_number<int>())); };
    auto card = [&](std::string_view key) { return quoted(game_.cards()[idx(b.at(key))]); };
    std::string gift = b.contains("give") ? ", en refilant " + card("give") : "";
    if (type == "atout")
      return b.contains("target") ? "l’offrir à " + target("target") : "la poser devant toi";
    if (type == "handicap") {
      std::string line = "l’infliger à " + target("target");
      if (b.contains("attack"))
        line += " et attaquer " + target("attack_target") + " avec " + card("attack") + gift;
      return line;
    }
    if (type == "attack") return "attaquer " + target("target") + gift;
    if (type == "swap") return "l’échanger\u00a0: la défausser, piocher deux cartes et en garder une";
    if (type == "keep") return card_line(game_.cards()[idx(b.at("card"))]);
    if (type == "let_go") return "laisser passer";
    if (type == "defend") return "parer avec " + card("card");
    if (type == "hors_contexte") return "crier «\u00a0Hors contexte\u00a0!\u00a0» (" + card("card") + ")";
    return std::string(type);
  }

  // Reads a number from 1 to n (0 too when `zero`: returned as n); nullopt
  // on « /quitter » or at the end of input.
  static std::optional<std::size_t> choose(std::istream& in, std::ostream& out, std::size_t n,
                                           bool prompt = true, bool zero = false) {
    while (true) {
      if (prompt) out << "Ton choix («\u00a0/quitter\u00a0» pour arrêter)\u00a0: " << std::flush;
      prompt = true;
      const auto line = read_line(in);
      if (!line || *line == "/quitter") return std::nullopt;
      std::size_t v = 0;
      bool digits = !line->empty() && line->size() <= 3;
      for (char c : *line) {
        if (c < '0' || c > '9')
          digits = false;
        else
          v = v * 10 + static_cast<std::size_t>(c - '0');
      }
      if (digits && zero && v == 0) return n;
      if (digits && v >= 1 && v <= n) return v - 1;
      out << "  ✗ Tape un numéro entre " << (zero ? 0 : 1) << " et " << n << ".\n";
    }
  }

  const TapechoGame& game_;
};

}  // namespace

std::unique_ptr<TerminalGame> TapechoGame::terminal() const {
  return std::make_unique<TapechoTerminal>(*this);
}

}  // namespace logomachie::games::tapecho
