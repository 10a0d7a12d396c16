// « Comment jouer »: the rules every game brings (`rules` on its ClientGame,
// written in games/<name>-rules.tsx), drawn the same way wherever they open:
// a modal dialog from the home cards, the room (lobby and game: the game
// stays underneath, closing puts the player back where they were) and the
// replays; or a page of its own at /regles/<game>, the home link's address
// (a new tab, a shared link).
//
// The dialog is the browser's <dialog> opened with showModal(): Escape
// closes it, the page underneath is inert, focus starts on « Fermer » and
// goes back to the button that opened it.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { GameInfo } from './protocol';
import type { GameRules, RulesItem } from './games/types';
import { clientGames } from './games';
import { navigate } from './router';

// « Comment jouer à Word Bank », « Comment jouer au Tapécho »
export function howToPlay(title: string): string {
  if (title.startsWith('Le ')) return `Comment jouer au ${title.slice(3)}`;
  if (title.startsWith('Les ')) return `Comment jouer aux ${title.slice(4)}`;
  return `Comment jouer à ${title}`;
}

function Item({ item }: { item: RulesItem }) {
  if (typeof item === 'string') return <li>{item}</li>;
  return (
    <li class="with-sign">
      <span class="sign-key">{item.sign}</span>
      <span>{item.text}</span>
    </li>
  );
}

// The rules themselves: the goal, then short sections (a turn, the key
// rules, what the screen shows, the options that change the rules, an example).
export function RulesContent({ rules, level = 3 }: { rules: GameRules; level?: 2 | 3 }) {
  const H = level === 2 ? 'h2' : 'h3';
  return (
    <div class="rules-content">
      <p class="rules-goal">
        <b>{'Le but\u00a0:'}</b> {rules.goal}
      </p>
      {rules.sections.map((s) => (
        <section key={s.title} class="rules-section">
          <H>{s.title}</H>
          {s.text && <p>{s.text}</p>}
          {s.items && (
            <ul>
              {s.items.map((item, i) => (
                <Item key={i} item={item} />
              ))}
            </ul>
          )}
          {s.Example && (
            <div class="rules-example">
              <s.Example />
            </div>
          )}
        </section>
      ))}
    </div>
  );
}

export function RulesDialog({ game, title, onClose }: { game: string; title: string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const rules = clientGames[game]?.rules;
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    close.current?.focus();
    return () => {
      if (d?.open) d.close();
    };
  }, []);
  const id = `rules-title-${game}`;
  return (
    <dialog
      ref={dialog}
      class="rules-dialog"
      aria-labelledby={id}
      data-rules={game}
      onClose={onClose}
      // A tap on the dimmed page around the panel closes it too.
      onClick={(e) => {
        if (e.target === dialog.current) dialog.current?.close();
      }}
    >
      <div class="rules-frame">
        <header class="rules-head">
          <h2 id={id}>{howToPlay(title)}</h2>
          <button ref={close} type="button" class="plain rules-close" aria-label="Fermer les règles" onClick={() => dialog.current?.close()}>
            ×
          </button>
        </header>
        <div class="rules-body">
          {rules ? <RulesContent rules={rules} /> : <p class="muted">{'Les règles de ce jeu ne sont pas encore écrites.'}</p>}
          <div class="row">
            <button type="button" data-rules-close onClick={() => dialog.current?.close()}>
              Fermer
            </button>
          </div>
        </div>
      </div>
    </dialog>
  );
}

// The « Comment jouer » control: a button (room, replay) or, on the home
// cards, a link to the rules page that opens the dialog in place (a click
// with a modifier key still opens the page, in a new tab for instance).
export function RulesOpener({ game, title, link = false }: { game: string; title: string; link?: boolean }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const onClose = () => {
    setOpen(false);
    opener.current?.focus();
  };
  return (
    <>
      {link ? (
        <a
          ref={(e) => {
            opener.current = e;
          }}
          class="button secondary rules-open"
          href={`/regles/${game}`}
          data-rules-open={game}
          aria-haspopup="dialog"
          onClick={(e) => {
            if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
            e.preventDefault();
            setOpen(true);
          }}
        >
          Comment jouer
        </a>
      ) : (
        <button
          ref={(e) => {
            opener.current = e;
          }}
          type="button"
          class="secondary small rules-open"
          data-rules-open={game}
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          Comment jouer
        </button>
      )}
      {open && <RulesDialog game={game} title={title} onClose={onClose} />}
    </>
  );
}

// /regles/<game>: the same rules as a page.
export function RulesPage({ game, games }: { game: string; games: GameInfo[] | null }) {
  const rules = clientGames[game]?.rules;
  const title = games?.find((g) => g.name === game)?.title;
  const home = (
    <p>
      <a
        href="/"
        onClick={(e) => {
          e.preventDefault();
          navigate('/');
        }}
      >
        Retour à l’accueil
      </a>
    </p>
  );
  if (games === null) return <p class="card muted">Chargement…</p>;
  if (!rules || !title) {
    return (
      <section class="card">
        <h1>Jeu inconnu</h1>
        {home}
      </section>
    );
  }
  return (
    <article class="card rules-page" data-rules={game}>
      <h1>{howToPlay(title)}</h1>
      <RulesContent rules={rules} level={2} />
      {home}
    </article>
  );
}
