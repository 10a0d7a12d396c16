// TrapWords' « Comment jouer », in our words (rulebook:
// shared/rules/trapwords.fr.txt; the app's choices: games/trapwords/README.md).
// Drawn by src/rules.tsx. The curses and monsters are listed from the same
// tables the board explains them with (CURSES, MONSTERS in trapwords.tsx),
// and the torch is the board's: passed in, so that this file does not
// import the board (which imports it).
import type { FunctionComponent } from 'preact';
import type { GameRules } from './types';
import { fr } from '../french';
import { seatColour } from '../ui';

interface Curse {
  name: string;
  text: string;
}

interface Monster {
  name: string;
  normal: string;
  asterisk: string;
}

function Pawn({ team }: { team: number }) {
  return (
    <span class="pawn" style={{ background: seatColour(team) }} aria-hidden="true">
      {team + 1}
    </span>
  );
}

function Example() {
  return (
    <>
      <p>{fr`L'équipe rouge est en salle 4. Les bleus voient le mot qu'elle doit faire deviner, « château », et écrivent 4 pièges :`}</p>
      <p class="trap-list">
        <span class="trap-word">roi</span> <span class="trap-word">fort</span> <span class="trap-word">tour</span> <span class="trap-word">princesse</span>
      </p>
      <ol class="tw-log">
        <li class="tw-line clue">
          <b>Tom</b>
          <span class="said">{fr` : « grande demeure ancienne avec des remparts »`}</span>
          <span class="verdict ok">{fr`Indice accepté : aucun piège.`}</span>
        </li>
        <li class="tw-line guess">
          <b>Zoé</b>
          <span class="said">{fr` propose « manoir »`}</span>
          <span class="verdict wrong">{fr`Raté : plus que 4 réponses.`}</span>
        </li>
        <li class="tw-line guess">
          <b>Zoé</b>
          <span class="said">{fr` propose « château »`}</span>
          <span class="verdict found">{fr`Trouvé ! Le pion rouge avance en salle 5.`}</span>
        </li>
      </ol>
      <p>{fr`Si Tom avait écrit « murs fortifiés », le piège « fort » se serait déclenché (même famille) : tour fini, et le pion reste en salle 4.`}</p>
    </>
  );
}

export function trapwordsRules({ curses, monsters, Torch }: { curses: Record<string, Curse>; monsters: Record<string, Monster>; Torch: FunctionComponent }): GameRules {
  return {
    goal: fr`Traverser le donjon salle après salle et terrasser le monstre qui attend au bout : l'équipe qui trouve son mot face à lui gagne. Si personne ne l'a vaincu après 8 manches, c'est le monstre qui gagne, et tout le monde perd.`,
    sections: [
      {
        title: 'Le donjon',
        items: [
          fr`Deux équipes, avec deux joueurs au moins dans chacune : les places impaires forment l'équipe bleue, les paires l'équipe rouge.`,
          fr`Une rangée de salles numérotées, 3-4-5-6-7 par défaut. Les deux pions partent de la première ; un monstre tiré au sort attend dans la dernière.`,
          fr`Deux malédictions face cachée : près de la deuxième salle et près de la salle juste avant le monstre.`,
        ],
      },
      {
        title: 'Une manche',
        items: [
          fr`Les pièges, en même temps et en secret : chaque équipe voit le mot que l'autre équipe devra faire deviner, et écrit autant de mots-pièges que le numéro de la salle où se trouve cette autre équipe. Un bon piège, c'est un mot que leur éclaireur risque de dire.`,
          fr`Les indices : l'équipe la moins avancée joue la première. Son éclaireur, celui qui tient la torche, lit son mot, puis le sablier part. Il donne des indices, ses coéquipiers proposent des réponses : 5 au plus.`,
          fr`Mot trouvé : le pion avance d'une salle. Le tour s'arrête aussitôt, sans avancer, si l'éclaireur dit un piège ou un mot de sa famille, donne un indice interdit, si l'équipe a fait 5 mauvaises réponses ou si le sablier est vide.`,
          fr`Puis l'autre équipe joue son tour de la même façon.`,
          fr`Fin de manche : si les deux équipes ont raté, le monstre avance d'une salle vers elles, en poussant devant lui les malédictions qu'il rencontre. La torche passe à un autre joueur de l'équipe : chacun sera éclaireur.`,
        ],
      },
      {
        title: 'Indices et réponses',
        items: [
          fr`Les pièges ne concernent que l'éclaireur : ses coéquipiers peuvent les dire sans risque (sauf face au vampire).`,
          fr`Un piège se déclenche aussi par un mot de sa famille : « fortifié » pour « fort ».`,
          fr`Interdit à l'éclaireur : le mot secret ou un mot de sa famille, un exemple du mot (des races pour « chien »), un nom propre ou un titre, un jeu sur le son des mots, une abréviation ou un sigle, une blague entre vous, ce qui vous entoure, un geste.`,
          fr`Pas de question à l'éclaireur, et pas de concertation : tout ce que l'équipe propose compte comme une réponse.`,
          fr`Une réponse est juste si elle contient le mot, même accordé ou dans un mot composé : « chevaux » pour « cheval ». Un mot de la même famille ne suffit pas : « jardinier » pour « jardin », c'est raté.`,
          fr`Un piège doit parler du mot secret : « un », « chose », « quelque », « quelqu'un », « quelque chose », et les mots de toutes les phrases comme « et » ou « il » sont refusés.`,
        ],
      },
      {
        title: 'Malédictions',
        text: fr`Une équipe qui commence une manche dans une salle maudite subit la malédiction pendant toute cette manche (les deux équipes si elles y sont ensemble), puis la malédiction est défaussée.`,
        items: Object.values(curses).map((c) => ({ sign: <b>{c.name}</b>, text: fr(c.text) })),
      },
      {
        title: 'Le monstre',
        items: [
          fr`Une équipe affronte le monstre quand elle entre dans sa salle, ou quand il entre dans la sienne. Sa carte change le tour de cette équipe.`,
          fr`Trouver le mot face à lui le terrasse : l'équipe gagne. Sinon on continue : le monstre reste où il est, et on l'affronte de nouveau à la manche suivante.`,
          fr`Si les deux équipes le terrassent dans la même manche, tout le monde gagne.`,
          ...Object.values(monsters).map((m) => ({ sign: <b>{m.name}</b>, text: fr`${fr(m.normal)} Avec l'astérisque : ${fr(m.asterisk).replace(/^./, (x) => x.toLowerCase())}` })),
        ],
      },
      {
        title: 'Deux façons de jouer',
        items: [
          fr`En ligne (par défaut) : l'éclaireur tape ses indices, ses coéquipiers leurs réponses. L'arbitre de l'appli juge les pièges, la famille du mot, les noms propres et les réponses. Ce qu'il ne peut pas voir (un exemple, un jeu sur le son, une blague entre vous), l'équipe adverse le conteste avec « Contester l'indice », puis elle vote, sablier en pause.`,
          fr`Autour d'une table : on parle. L'équipe adverse arbitre avec « Piège ! », « Indice invalide », « Trouvé » et « Raté », et les malédictions qui demandent du souffle ou des yeux fermés s'affichent comme consignes.`,
        ],
      },
      {
        title: 'À l’écran',
        items: [
          { sign: <span class="rules-pawns"><Pawn team={0} /><Pawn team={1} /></span>, text: fr`Les pions des équipes, dans leur salle.` },
          { sign: <span class="curse-card rules-curse" aria-hidden="true">?</span>, text: fr`Une malédiction encore face cachée.` },
          { sign: <span class="monster-token">Troll</span>, text: fr`Le monstre. La ligne sous le donjon dit son pouvoir, et s'il ne bouge plus depuis un combat.` },
          { sign: <Torch />, text: fr`La torche : l'éclaireur de l'équipe pour ce tour.` },
          { sign: <span class="tag fight">{fr`combat !`}</span>, text: fr`L'équipe affronte le monstre à cette manche.` },
          { sign: <span class="trap-list"><span class="trap-word crossed">tour</span> <span class="trap-word forbidden">roi</span></span>, text: fr`Un piège barré par « Désarmer », et en rouge le mot interdit.` },
          { sign: <span class="rules-verdicts"><span class="verdict ok">✓</span> <span class="verdict trap">✗</span></span>, text: fr`Sous chaque indice et chaque réponse, le verdict de l'arbitre : en vert ça passe, en rouge un piège ou un indice refusé, en gris une réponse ratée.` },
          { sign: <span class="rules-chip">Remettre la liste</span>, text: fr`Votre liste de pièges est prête : vous l'envoyez, même incomplète. Le temps d'écriture écoulé, elle part telle quelle.` },
          { sign: <span class="rules-chip">Passer</span>, text: fr`L'éclaireur abandonne le tour : il est raté.` },
        ],
      },
      {
        title: 'Options',
        items: [
          fr`Façon de jouer : en ligne ou autour d'une table. Livre de mots : Fantastique ou Contemporain.`,
          fr`Donjon : classique (salles 3 à 7) ou alternatif (2-4-6-8-10), plus de pièges dès le départ. Monstres normaux ou à astérisque, plus coriaces.`,
          fr`Sablier (30 secondes par défaut), temps pour lire le mot (3 secondes), pour écrire les pièges (2 minutes), pour voter.`,
          fr`Pas d'égalité : si les deux équipes terrassent le monstre dans la même manche, la seconde n'a que le temps mis par la première ; si elle trouve dans ce temps, elle gagne, sinon la première gagne.`,
        ],
      },
      { title: 'Exemple', Example },
    ],
  };
}
