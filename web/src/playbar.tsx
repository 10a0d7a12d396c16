// A thin bar pinned to the top of a phone's screen while the game's own turn
// line is scrolled away (typing a word pushes it off screen): the hourglass,
// whether it is your turn, and the game's one line worth keeping in sight (Mot
// pour Mot's category). Hidden from screen readers: it repeats what the game's
// own turn line already says.
import { useEffect, useState } from 'preact/hooks';
import { Hourglass } from './ui';

export function PlayBar({ deadline, yourTurn, headline, version }: { deadline?: number; yourTurn: boolean; headline: string | null; version: number }) {
  const [away, setAway] = useState(false);
  useEffect(() => {
    const line = document.querySelector('.board-area .turn-line');
    if (!line || typeof IntersectionObserver !== 'function') {
      setAway(false);
      return;
    }
    const watch = new IntersectionObserver(([e]) => setAway(!e.isIntersecting && e.boundingClientRect.top < 0));
    watch.observe(line);
    return () => watch.disconnect();
  }, [version]); // a new phase may draw a new turn line
  if (!away || (!deadline && !yourTurn && !headline)) return null;
  return (
    <div class="play-bar" aria-hidden="true">
      {yourTurn && <span class="tag your-turn">À toi</span>}
      {headline && <span class="headline">{headline}</span>}
      <Hourglass deadline={deadline} />
    </div>
  );
}
