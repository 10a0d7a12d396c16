// Mot pour Mot's « Comment jouer », in our words (rulebook:
// shared/rules/mot-pour-mot.fr.txt; the app's choices:
// games/motpourmot/README.md). Drawn by src/rules.tsx; the example uses the
// board's street of letter tiles.
import type { GameRules } from './types';
import { fr } from '../french';
import { seatColour } from '../ui';

const BLUE = seatColour(0); // the blue team's colour (TEAM_COLOURS in motpourmot.tsx)

// A few tracks of the street: the blue team's edge on top, red's at the
// bottom, two cells on each side of the middle; position −3 is captured by blue.
function MiniStreet({ tiles, label }: { tiles: [string, number][]; label: string }) {
  const cells = 2;
  const rows = 2 * cells + 3;
  return (
    <figure class="rules-street">
      <div class="street" style={{ gridTemplateColumns: `repeat(${tiles.length}, 1fr)` }} aria-hidden="true">
        {tiles.map(([letter, position]) => {
          const captured = Math.abs(position) === cells + 1;
          return (
            <div class="track" key={letter} style={{ gridTemplateRows: `repeat(${rows}, 1fr)`, height: '120px' }}>
              {Array.from({ length: rows }, (_, r) => (
                <span key={r} class={`cell${r === 0 || r === rows - 1 ? ' edge' : ''}${r === cells + 1 ? ' middle' : ''}`} />
              ))}
              <span
                class={`street-tile${captured ? ' captured' : ''}`}
                style={{ top: `${((position + cells + 1) / rows) * 100}%`, height: `${100 / rows}%`, background: captured ? BLUE : undefined }}
              >
                {letter}
              </span>
            </div>
          );
        })}
      </div>
      <figcaption class="small muted">{label}</figcaption>
    </figure>
  );
}

function Example() {
  return (
    <>
      <p>{fr`La carte de l'équipe bleue : « Un animal de la ferme ». Son bord est en haut du plateau ; le C y était déjà à une case du milieu.`}</p>
      <div class="rules-streets">
        <MiniStreet
          tiles={[
            ['C', -1],
            ['H', 0],
            ['N', 0],
            ['T', 0],
          ]}
          label="Avant"
        />
        <MiniStreet
          tiles={[
            ['C', -3],
            ['H', -1],
            ['N', -1],
            ['T', 0],
          ]}
          label={fr`Après « cochon »`}
        />
      </div>
      <ul>
        <li>{fr`Le capitaine bleu joue « cochon ». Les lettres tirent leur tuile dans l'ordre du mot : C, O, C, H, O, N.`}</li>
        <li>{fr`Le premier C amène sa tuile au bord, le second la fait sortir du plateau : C est capturé par les bleus et ne bougera plus.`}</li>
        <li>{fr`Le H et le N avancent d'une case vers les bleus. Il n'y a pas de tuile O : les O ne font rien, mais ils sont permis.`}</li>
        <li>{fr`Au tour suivant, un mot rouge avec un H ou un N les ramènera vers le milieu.`}</li>
      </ul>
    </>
  );
}

export const motpourmotRules: GameRules = {
  goal: fr`Capturer 6 lettres avant l'autre équipe (7 dans la variante longue). Chaque mot que vous trouvez tire des tuiles lettres vers votre bord du plateau ; une tuile qui en sort est à vous.`,
  sections: [
    {
      title: 'Les équipes',
      items: [
        fr`Deux équipes aussi égales que possible : les places impaires forment l'équipe bleue, les paires l'équipe rouge.`,
        fr`Chaque équipe a un capitaine : c'est lui qui joue le mot de l'équipe. L'appli tire au sort l'équipe qui commence, puis on alterne.`,
      ],
    },
    {
      title: 'Un tour',
      items: [
        fr`Votre équipe reçoit une carte catégorie. Le temps de la lire, puis le sablier part : 30 secondes.`,
        fr`Trouvez ensemble un mot qui va avec la catégorie : les coéquipiers proposent, le capitaine choisit et joue le mot avant la fin du sablier. Un seul mot par tour.`,
        fr`Chaque lettre du mot, dans l'ordre, tire sa tuile d'une case vers votre bord ; une lettre présente deux fois la tire deux fois.`,
        fr`Les lettres sans tuile, comme les voyelles, sont permises : elles ne bougent rien.`,
        fr`Une tuile tirée hors du plateau est capturée par votre équipe. Elle ne bouge plus jamais, même plus loin dans le même mot, mais sa lettre reste permise.`,
        fr`Sablier vide sans mot, ou « On passe » : le tour est perdu. Puis c'est à l'autre équipe, qui tire les tuiles dans l'autre sens.`,
      ],
    },
    {
      title: 'Les mots permis',
      items: [
        fr`Un seul mot. Un mot composé seulement s'il s'écrit avec un trait d'union, qui ne compte pas sur le plateau.`,
        fr`Un mot français, sauf si la catégorie en demande un autre (un titre de chanson anglais, un plat étranger) ; les noms propres sont permis.`,
        fr`Un pluriel seulement s'il a du sens pour la catégorie.`,
        fr`Jamais une réponse déjà donnée dans la partie.`,
        fr`Les accents ne comptent pas sur le plateau : le É tire le E.`,
      ],
    },
    {
      title: 'Contester un mot',
      text: fr`Après le coup, l'autre équipe a 10 secondes pour réagir. Les deux contestations sont possibles sur un même mot, une fois chacune.`,
      items: [
        { sign: <span class="rules-chip">Vérifier l’orthographe</span>, text: fr`Mot mal écrit : les tuiles reviennent et le tour est perdu. Mot bien écrit : c'est l'équipe qui a contesté qui passe son prochain tour, et l'autre rejoue. Ici, le dictionnaire tranche ; seul un nom propre ou un mot étranger qu'il ne connaît pas est soumis au vote de l'équipe qui conteste. Un accent oublié n'est pas une faute, un accent faux en est une.` },
        { sign: <span class="rules-chip">{fr`Hors catégorie !`}</span>, text: fr`L'équipe qui a joué s'explique dans la discussion, puis tout le monde vote. Plus de « non » que de « oui » (qui ne vote pas compte pour « oui ») : les tuiles reviennent et le tour est perdu. Sinon, même à égalité, le mot reste. Soyez de bonne foi : vous êtes juges et parties.` },
        { sign: <span class="rules-chip">C’est bon</span>, text: fr`Le mot reste, on continue.` },
      ],
    },
    {
      title: 'À l’écran',
      items: [
        { sign: <b>★</b>, text: fr`Après un nom : le capitaine de l'équipe.` },
        { sign: <span class="mini-tile" style={{ background: BLUE }}>C</span>, text: fr`Une lettre capturée, à la couleur de l'équipe. « 3 / 6 lettres » : où en est l'équipe. Le bord bleu est en haut du plateau, le rouge en bas.` },
        { sign: <span class="rules-ghost" aria-hidden="true">H</span>, text: fr`Pendant que le capitaine tape : en vert, où iront les tuiles ; en jaune, une tuile qui sera capturée.` },
        { sign: <span class="rules-chip">Jouer ce mot</span>, text: fr`Le capitaine envoie le mot. Les autres ont « Proposer » (leurs idées s'affichent pour le capitaine) et « Devenir capitaine ».` },
        { sign: <span class="rules-chip">On passe</span>, text: fr`Le capitaine abandonne le tour.` },
        fr`« Lecture de la carte… » : le sablier n'a pas encore commencé. Une carte bleue marquée « difficile » est plus dure qu'une carte « facile ».`,
      ],
    },
    {
      title: 'Options',
      items: [
        fr`Lettres à capturer : 6, ou 7 pour la variante longue.`,
        fr`Sablier (30 secondes par défaut), temps pour lire la carte, pour contester (10 secondes), pour voter (30 secondes).`,
        fr`Cartes faciles, difficiles, ou les deux.`,
        fr`Lettres du plateau : nos 17 lettres françaises (B C D F G H J L M N P Q R S T V Y), celles de l'édition originale, ou les vôtres.`,
        fr`Une seule place : un écran partagé autour d'une table. Les équipes disent leur mot à voix haute, le capitaine le tape, les votes se font à main levée et on entre le compte.`,
      ],
    },
    { title: 'Exemple', Example },
  ],
};
