// Le Tapécho's « Comment jouer », in our words (rulebook:
// shared/rules/tapecho.fr.txt; our deck and the app's choices:
// docs/tapecho.md, games/tapecho/README.md). Drawn by src/rules.tsx. The
// attack effects and the card pieces are the board's own (EFFECTS,
// CardChip, SexBadge in tapecho.tsx), passed in so that this file does not
// import the board (which imports it).
import type { FunctionComponent } from 'preact';
import type { GameRules } from './types';
import { fr } from '../french';

interface Pieces {
  effects: Record<string, string>; // what each attack effect does
  CardChip: FunctionComponent<{ id: string; doubled?: boolean }>;
  SexBadge: FunctionComponent<{ sex: 'H' | 'F' }>;
}

export function tapechoRules({ effects, CardChip, SexBadge }: Pieces): GameRules {
  function Example() {
    return (
      <>
        <p>{fr`Le contexte est la Plage, à tache jaune. Léa joue une femme.`}</p>
        <ul>
          <li>
            {fr`Devant elle : `}
            <CardChip id="atout-sirene" /> <CardChip id="atout-sourire-desarmant" /> <CardChip id="handicap-mascara-panda" />
            {fr` : 3 + 5 − 2 = 6 points.`}
          </li>
          <li>
            {fr`Elle pose `}
            <CardChip id="atout-reine-de-la-piste" />
            {fr`, à tache violette (la boîte de nuit) : pas le bon contexte. Zoé crie « Hors contexte ! » la première : les deux cartes partent à la défausse… à moins que Léa ne pare avec sa Wonderchopeuse.`}
          </li>
          <li>
            {fr`Tom vide sa main : fin de la partie. Léa a encore en main `}
            <CardChip id="atout-femme-fatale" /> <CardChip id="handicap-rire-de-klaxon" />
            {fr` : elles lui coûtent 7 + 2 = 9 points. Son score : 6 − 9 = −3.`}
          </li>
        </ul>
      </>
    );
  }

  return {
    goal: fr`Être le plus séduisant de la table : on se pose des atouts, on inflige des handicaps aux autres, on attaque et on pare. Dès qu'un joueur n'a plus de carte en main, la partie s'arrête et le plus de points gagne.`,
    sections: [
      {
        title: 'Avant de jouer',
        items: [
          fr`Pour les 16 ans et plus, de 4 à 10 joueurs.`,
          fr`Dans le jeu, chaque place est un homme ou une femme, autant des deux à un près : on peut jouer l'autre sexe le temps du match. L'hôte le règle au salon.`,
          fr`Une carte contexte (la plage, le bureau, un mariage…) donne le lieu de toute la partie. Chacun reçoit 10 cartes, le reste forme la pioche, et un joueur tiré au sort commence.`,
        ],
      },
      {
        title: 'Les cartes',
        items: [
          fr`Atout (de +1 à +7) : un charme, à poser devant soi.`,
          fr`Handicap (de −1 à −7) : un défaut, à infliger à un autre joueur.`,
          fr`Attaque : un coup bas contre un adversaire, qui agit tout de suite (voir plus bas).`,
          fr`Défense : Superchopeur pour les hommes, Wonderchopeuse pour les femmes. Elle annule une attaque.`,
          fr`Hors contexte : annule un atout ou un handicap qui ne va pas avec le lieu.`,
          fr`Une carte bleue est pour les hommes, une rose pour les femmes, une bleue et rose pour tout le monde. Devant toi ne vont que des cartes mixtes ou de ton sexe ; une attaque aussi vise le sexe de sa carte.`,
          fr`Une tache de couleur lie un atout ou un handicap à un lieu ; une carte sans tache va partout.`,
        ],
      },
      {
        title: fr`Ton tour : une action`,
        items: [
          fr`Poser un atout sur toi.`,
          fr`Ou infliger un handicap à un autre joueur ; tu peux y ajouter une attaque, sur le même joueur ou sur un autre.`,
          fr`Ou attaquer un adversaire.`,
          fr`Ou échanger : défausse une carte, pioche-en deux, garde-en une ; l'autre retourne sur la pioche.`,
          fr`Rien à jouer et plus rien à piocher : « Passer ».`,
          fr`Un joueur ne reçoit pas plus d'une attaque entre deux de ses tours. Le nombre de cartes en main de chacun est visible de tous.`,
        ],
      },
      {
        title: 'Réagir, hors de ton tour',
        items: [
          fr`Après chaque carte jouée, on a quelques secondes pour réagir.`,
          fr`Attaqué ? Pare avec la défense de ton sexe : l'attaque est annulée, les deux cartes partent à la défausse, et tu garderas ton tour.`,
          fr`Un atout ou un handicap dont la tache n'est pas la couleur du contexte : n'importe quel autre joueur peut l'annuler avec « Hors contexte ! ». Le plus rapide l'emporte ; les deux cartes partent à la défausse.`,
          fr`Un « Hors contexte » compte comme une attaque : celui dont la carte est visée peut le parer avec sa défense.`,
          fr`Une attaque reçue reste visible jusqu'à la fin du prochain tour de sa cible ; le lien, toute la partie.`,
        ],
      },
      {
        title: 'Fin et score',
        items: [
          fr`La partie s'arrête dès qu'une main est vide, une fois les réactions réglées.`,
          fr`Ton score : les atouts et les handicaps posés devant toi, moins la valeur, sans son signe, de chaque atout et handicap resté en main.`,
          fr`Sur plusieurs parties, les scores s'additionnent, et le gagnant d'une partie commence la suivante.`,
          fr`Ta dernière carte ne se joue pas (une défense, un « Hors contexte ») ? Échange-la.`,
        ],
      },
      {
        title: 'Ce que font les attaques',
        text: fr`Le nom change d'une carte à l'autre, l'effet est écrit dessus. « Lui », c'est la cible :`,
        items: Object.values(effects).map((e) => fr(e)),
      },
      {
        title: 'À l’écran',
        items: [
          { sign: <span class="rules-badges"><SexBadge sex="H" /> <SexBadge sex="F" /></span>, text: fr`Le sexe d'un joueur dans le jeu : H, un homme ; F, une femme.` },
          { sign: <CardChip id="handicap-mascara-panda" doubled />, text: fr`Une carte posée, avec sa tache et ses points ; « ×2 », un handicap qui comptera double.` },
          { sign: <span class="tag warn">passe son tour</span>, text: fr`Les effets d'une attaque en cours : « passe son tour », « atout bloqué », « main ouverte » (sa main est visible de tous), « déjà attaquée ».` },
          { sign: <span class="tag tp-link">lien</span>, text: fr`Le lien : à la fin, la cible cède 3 points à celui qui l'a attaquée.` },
          { sign: <span class="muted">(−5 en main)</span>, text: fr`Ce que te coûteraient les cartes de ta main si la partie s'arrêtait maintenant : seul celui qui voit ta main le voit.` },
          { sign: <span class="rules-chip">Échanger</span>, text: fr`Défausse la carte choisie et pioche-en deux, puis « Garder » l'une des deux.` },
          { sign: <span class="rules-chip">Laisser passer</span>, text: fr`Tu ne réagis pas. Le jeu reprend dès que tous ceux qui pouvaient réagir ont répondu, ou à la fin du temps.` },
        ],
      },
      {
        title: 'Modes et options',
        items: [
          fr`Chacun pour soi, ou guerre des sexes : les hommes contre les femmes, les scores de chaque camp s'additionnent.`,
          fr`Guerre des couples : chaque homme fait équipe avec une femme (le premier homme, dans l'ordre des places, avec la première femme, et ainsi de suite), et leurs scores s'additionnent.`,
          fr`Dans les deux modes en équipe, un atout peut aussi aller à un partenaire, et on n'attaque jamais un partenaire.`,
          fr`Nombre de parties (3 par défaut), temps pour réagir (5 secondes), temps par tour (1 minute : le temps écoulé, le tour est perdu), contexte choisi ou tiré au sort.`,
        ],
      },
      { title: 'Exemple', Example },
    ],
  };
}
