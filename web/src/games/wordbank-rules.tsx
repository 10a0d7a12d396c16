// Word Bank's « Comment jouer », in our words (rulebook:
// shared/rules/word-bank.fr.txt; the app's choices: games/wordbank/README.md).
// Drawn by src/rules.tsx; the example uses the board's own vaults and gems.
import type { GameRules } from './types';
import { fr } from '../french';
import { seatColour } from '../ui';

interface ExampleVault {
  letter: string;
  gems: number[]; // seats, before the move
  free: number;
  order?: number; // the example's gem on it, 1 = the start
}

// The circle, clockwise from the top, as the board draws it (smaller).
function MiniCircle({ vaults, you }: { vaults: ExampleVault[]; you: number }) {
  const n = vaults.length;
  return (
    <div class="circle rules-circle" aria-hidden="true">
      {vaults.map((v, i) => {
        const angle = (2 * Math.PI * i) / n - Math.PI / 2;
        return (
          <span key={i} class={`vault${v.order ? ' chosen' : ''}`} style={{ left: `${50 + 38 * Math.cos(angle)}%`, top: `${50 + 38 * Math.sin(angle)}%` }}>
            <span class="letter">{v.letter}</span>
            <span class="slots">
              {v.gems.map((g, k) => (
                <span key={k} class="gem" style={{ background: seatColour(g) }} />
              ))}
              {Array.from({ length: v.free }, (_, k) =>
                v.order && k === 0 ? <span key={k} class="gem ghost" style={{ background: seatColour(you) }} /> : <span key={k} class="gem free" />,
              )}
            </span>
            {v.order && <span class="order">{v.order}</span>}
          </span>
        );
      })}
      <span class="centre">↻</span>
    </div>
  );
}

function Example() {
  // Clockwise: M A I S O N R. You are blue (seat 0); red and green played before.
  const vaults: ExampleVault[] = [
    { letter: 'M', gems: [], free: 3, order: 1 },
    { letter: 'A', gems: [1], free: 3, order: 2 },
    { letter: 'I', gems: [1, 2], free: 1, order: 3 },
    { letter: 'S', gems: [2], free: 2 },
    { letter: 'O', gems: [], free: 4 },
    { letter: 'N', gems: [1], free: 2, order: 4 },
    { letter: 'R', gems: [], free: 3 },
  ];
  return (
    <>
      <p>{fr`Les coffres, dans le sens horaire : M, A, I, S, O, N, R. Tu es bleu et tu tapes « marin ».`}</p>
      <MiniCircle vaults={vaults} you={0} />
      <ul>
        <li>{fr`Départ sur le M, sens horaire : une pierre sur le M, puis sur le A.`}</li>
        <li>{fr`Le R de « marin » n'arrive qu'au bout du cercle : tu le sautes pour garder le I et le N. Tu poses 4 pierres (M, A, I, N), les numéros 1 à 4 sur l'écran.`}</li>
        <li>{fr`Le I n'avait plus qu'une place : il est plein, il se ferme à la fin de ton tour. Ses trois pierres (une bleue, une rouge, une verte) sont à l'abri, la carte est pour toi et la pioche remplit le trou.`}</li>
        <li>{fr`En prenant le R, tu n'aurais posé que 3 pierres (M, A, R) : c'est toi qui choisis.`}</li>
      </ul>
    </>
  );
}

export const wordbankRules: GameRules = {
  goal: fr`Se débarrasser de ses pierres précieuses en les mettant à l'abri dans des coffres. Quand un joueur finit son tour sans plus aucune pierre devant lui, la partie s'arrête : gagne celui à qui il reste le moins de pierres, en main et sur les coffres encore ouverts. À égalité, le plus de coffres gagnés l'emporte.`,
  sections: [
    {
      title: 'Mise en place',
      items: [
        fr`Sept coffres en cercle : chacun porte une lettre et de 2 à 5 places. Les autres attendent dans la pioche, face cachée.`,
        fr`Chacun a des pierres de sa couleur : 20 à deux joueurs, 18 à trois, 15 à quatre, 12 à cinq.`,
        fr`L'appli tire au sort qui commence, puis on joue chacun son tour, dans l'ordre des places.`,
      ],
    },
    {
      title: 'Ton tour',
      items: [
        fr`Trouve un mot de passe dont la première lettre est celle d'un des coffres, et pose une pierre sur ce coffre.`,
        fr`Choisis un sens (horaire ou inverse) et fais le tour du cercle : sur chaque coffre dont la lettre est la suivante que tu prends dans ton mot, tu peux poser une pierre.`,
        fr`Tu peux sauter des lettres du mot et des coffres, mais l'ordre des lettres du mot se respecte : on ne revient jamais en arrière.`,
        fr`Une seule pierre par coffre et par tour, sur une place libre, et jamais plus d'un tour du cercle : on s'arrête avant de retrouver le coffre de départ.`,
        fr`À la fin du tour, chaque coffre plein se ferme : toutes ses pierres, de toutes les couleurs, sont à l'abri et quittent le jeu ; tu gardes la carte (elle départage les égalités) et la pioche la remplace.`,
      ],
    },
    {
      title: 'Les mots de passe',
      items: [
        fr`Un mot courant du dictionnaire français, pas un nom propre.`,
        fr`Jamais un mot déjà joué dans la partie, ni un mot de la même famille : après « jardin », plus de « jardinier ».`,
        fr`Les accents ne comptent pas : le É d'« été » va sur un coffre E.`,
        fr`L'appli juge le mot. Un mot refusé coûte le tour : aucune pierre n'est posée, on passe au joueur suivant.`,
      ],
    },
    {
      title: 'À l’écran',
      items: [
        { sign: <span class="vault rules-vault" aria-hidden="true"><span class="letter">E</span><span class="slots"><span class="gem" style={{ background: seatColour(1) }} /><span class="gem free" /><span class="gem free" /></span></span>, text: fr`Un coffre : sa lettre, les pierres déjà posées (la couleur de chaque joueur est à côté de son nom) et ses places libres, en blanc.` },
        { sign: <span class="rules-badge" aria-hidden="true">2</span>, text: fr`Le numéro sur un coffre : l'ordre de tes pierres dans ton placement. Touche le coffre de départ, puis les suivants ; touche-le encore pour l'enlever.` },
        { sign: <span class="rules-chip">↻ horaire</span>, text: fr`Le sens du tour : horaire, ou inverse (↺).` },
        { sign: <span class="rules-chip">Meilleur placement</span>, text: fr`L'appli place ton mot là où il pose le plus de pierres. Le mot, c'est toujours toi qui le trouves.` },
        { sign: <span class="rules-chip">Passer</span>, text: fr`Tu laisses passer ton tour sans rien poser (un ajout de l'appli).` },
        fr`Sous le mot, en vert, ce que ton placement pose et ferme ; en rouge, pourquoi il ne marche pas : l'appli n'envoie qu'un placement possible.`,
      ],
    },
    {
      title: 'Options et ajouts de l’appli',
      items: [
        fr`Sablier par tour (sans sablier par défaut) : le temps écoulé, le tour est perdu.`,
        fr`Fin si personne ne pose de pierre pendant 2 tours de table (réglable) : la partie s'arrête et se compte comme d'habitude. Elle s'arrête aussi s'il ne reste plus aucun coffre.`,
        fr`Quand la pioche est vide, un coffre fermé n'est plus remplacé : le cercle rétrécit.`,
      ],
    },
    { title: 'Exemple', Example },
  ],
};
