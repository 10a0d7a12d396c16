// Lettralettre 26's « Comment jouer », in our words (rulebook:
// shared/rules/lettralettre-26.fr.txt; the app's choices:
// games/lettralettre/README.md). Drawn by src/rules.tsx; the example uses
// the board's letter tiles and constraint cards.
import type { GameRules } from './types';
import { fr } from '../french';

function Tile({ letter, stars = 0, taboo }: { letter: string; stars?: number; taboo?: boolean }) {
  return (
    <span class={`tile${taboo ? ' taboo' : ''}`}>
      {letter}
      {stars > 0 && <sup>{'★'.repeat(stars)}</sup>}
    </span>
  );
}

function Example() {
  return (
    <>
      <p>{fr`Les lettres tirées, puis les deux taboues :`}</p>
      <div class="tiles" aria-hidden="true">
        <Tile letter="B" stars={1} />
        <Tile letter="A" />
        <Tile letter="T" />
        <Tile letter="E" />
        <Tile letter="L" />
        <Tile letter="U" />
      </div>
      <p class="taboo-line" aria-hidden="true">
        <Tile letter="S" taboo /> <Tile letter="R" taboo />
      </p>
      <p>{fr`Lettres : B, A, T, E, L, U (le B porte une étoile). Interdites : S et R.`}</p>
      <p>{fr`Léa a gagné deux contraintes aux enchères :`}</p>
      <div class="constraint">
        {fr`Commence par une voyelle`} <span class="bonus">+1</span>
      </div>
      <div class="constraint">
        {fr`Un nom`} <span class="bonus">+0</span>
      </div>
      <ul>
        <li>{fr`« Étable » avec la première : 6 lettres + 1 étoile (le B) + 1 de bonus = 8 points. L'accent ne compte pas, É est un E.`}</li>
        <li>{fr`« Tablette » avec la seconde : 8 lettres (le T sert trois fois, le E deux fois) + 1 étoile = 9 points. C'est mieux !`}</li>
        <li>{fr`« Tablettes » est impossible : le S est tabou.`}</li>
      </ul>
    </>
  );
}

export const lettralettreRules: GameRules = {
  goal: fr`Avoir le plus de jetons à la fin. On met d'abord aux enchères des cartes contraintes, puis chaque manche, chacun cherche en secret le mot qui rapporte le plus avec les lettres tirées. La partie s'arrête quand chaque joueur a distribué deux fois, ou dès qu'il ne reste qu'un joueur en jeu, qui gagne.`,
  sections: [
    {
      title: 'Mise en place',
      items: [
        fr`Chacun reçoit 8 jetons. L'appli tire au sort le premier distributeur.`,
        fr`Il y a deux paquets : les lettres (une carte par lettre de A à Z, certaines avec des étoiles rouges) et les contraintes.`,
      ],
    },
    {
      title: '1. Les enchères des contraintes',
      items: [
        fr`Le distributeur retourne une carte contrainte (« Un adverbe », « Finit par un S »…). Une contrainte difficile rapporte un bonus, de +0 à +5.`,
        fr`Celui qui a la main la prend, avec tous les jetons posés dessus, ou paie un jeton sur la carte et la passe à sa gauche.`,
        fr`Sans jeton, on ne peut plus passer : on prend la carte.`,
        fr`Qui a deux contraintes ne participe plus aux enchères. Elles s'arrêtent quand tout le monde en a deux ; on les garde toute la partie.`,
        fr`Dans l'appli, la première carte va au distributeur, puis chaque nouvelle carte au joueur qui suit celui qui a pris la précédente (la règle ne le précise pas). Le dernier à qui il manque des cartes les reçoit directement.`,
      ],
    },
    {
      title: '2. Les manches de mots',
      items: [
        fr`Le distributeur montre des lettres, puis des lettres taboues (6 et 2 par défaut, voir les options).`,
        fr`Chacun, en secret et avant la fin du sablier, forme un mot français d'au moins deux lettres : seulement des lettres tirées, chacune autant de fois qu'on veut, et aucune lettre taboue.`,
        fr`Le mot doit respecter une de tes deux contraintes, au choix.`,
        fr`Score : un point par lettre du mot (une lettre répétée compte à chaque fois), plus les étoiles des lettres à étoiles utilisées (une fois par carte), plus le bonus de la contrainte.`,
        fr`Le meilleur score gagne 2 jetons (à égalité, chacun des premiers), tous les autres en paient 1 ; si personne ne marque, tout le monde paie. Qui doit payer sans avoir de jeton est éliminé.`,
        fr`La donne passe au joueur de gauche, et une nouvelle manche commence.`,
      ],
    },
    {
      title: 'À l’écran',
      items: [
        { sign: <span class="tile rules-tile" aria-hidden="true">K<sup>★★</sup></span>, text: fr`Une lettre tirée et ses étoiles rouges : chacune vaut un point de plus si le mot utilise la lettre.` },
        { sign: <span class="tile taboo rules-tile" aria-hidden="true">S</span>, text: fr`Une lettre taboue, barrée : interdite dans le mot.` },
        { sign: <span class="bonus">+2</span>, text: fr`Le bonus d'une contrainte.` },
        { sign: <span class="tag">donne</span>, text: fr`Le distributeur de la manche.` },
        { sign: <span class="rules-chip">Passer (−1 jeton)</span>, text: fr`Aux enchères : tu paies un jeton sur la carte et elle passe au suivant. « Prendre la carte » la garde avec ses jetons.` },
        { sign: <span class="rules-chip">Poser mon mot</span>, text: fr`Ton mot part, caché aux autres. Tu peux le remplacer tant que la manche n'est pas finie ; l'appli refuse un mot impossible et te dit pourquoi.` },
        { sign: <span class="rules-chip">Je sèche</span>, text: fr`Tu abandonnes la manche (0 point). Un mot te vient ? Tu peux encore le poser.` },
        { sign: <span class="rules-chip">Manche suivante</span>, text: fr`Après les résultats, où l'on voit aussi le meilleur mot que chacun pouvait faire avec ses contraintes.` },
      ],
    },
    {
      title: 'Options qui changent la partie',
      items: [
        fr`Lettres tirées : de 5 à 8 (6 par défaut). Lettres interdites : 1 ou 2 (2 par défaut).`,
        fr`Jetons au départ : 8 dans la règle, réglable.`,
        fr`Sablier des manches (1 minute par défaut) : à la fin, un mot manquant vaut 0 point. La manche s'arrête plus tôt si tout le monde a posé un mot ou abandonné.`,
        fr`Sablier des enchères (sans, par défaut) : le temps écoulé, on passe si l'on a un jeton, sinon on prend la carte.`,
      ],
    },
    { title: 'Exemple', Example },
  ],
};
