// Small shared pieces: the hourglass, the error banner, the chat, seat colours.
// Player text is only ever rendered as text (Preact escapes it); no
// dangerouslySetInnerHTML anywhere in the client.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ChatMessage, ErrorMessage } from './protocol';
import { fr, numberText } from './french';

export const SEAT_COLOURS = ['#2f6fde', '#d9412b', '#1f9d55', '#b7791f', '#8e44ad', '#0f8b8d', '#c2185b', '#546e7a'];
export const SEAT_COLOUR_NAMES = ['bleu', 'rouge', 'vert', 'jaune', 'violet', 'turquoise', 'rose', 'gris'];

export function seatColour(seat: number): string {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

// The server's deadline (wall clock, ms) drawn as an hourglass with the
// seconds left; `total` is the phase's length when known.
export function Hourglass({ deadline, total }: { deadline?: number; total?: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!deadline) return;
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [deadline]);
  if (!deadline) return null;
  const left = Math.max(0, deadline - now);
  const seconds = Math.ceil(left / 1000);
  const span = total && total > 0 ? total * 1000 : Math.max(left, 1);
  const fraction = Math.max(0, Math.min(1, left / span));
  return (
    <div class={`hourglass${seconds <= 10 ? ' urgent' : ''}`} role="timer" aria-label={`${seconds} secondes`}>
      <svg viewBox="0 0 24 32" width="22" height="30" aria-hidden="true">
        <path d="M3 2h18M3 30h18M5 2c0 8 7 10 7 14s-7 6-7 14M19 2c0 8-7 10-7 14s7 6 7 14" fill="none" stroke="currentColor" stroke-width="2" />
        <path d={`M7 ${4 + (1 - fraction) * 9}h10l-5 ${8 * fraction + 1}z`} fill="currentColor" opacity="0.7" />
        <path d={`M12 ${29 - (1 - fraction) * 9}l-6 ${(1 - fraction) * 8}h12z`} fill="currentColor" opacity="0.7" />
      </svg>
      <span class="seconds">{seconds} s</span>
      <span class="bar">
        <span style={{ width: `${fraction * 100}%` }} />
      </span>
    </div>
  );
}

export function ErrorBanner({ error, onClose }: { error: ErrorMessage | null; onClose: () => void }) {
  if (!error) return null;
  return (
    <div class="error" role="alert" data-code={error.code}>
      <span>{error.message}</span>
      <button class="plain" onClick={onClose} aria-label="Fermer">
        ×
      </button>
    </div>
  );
}

export function Chat({ messages, onSend }: { messages: ChatMessage[]; onSend: (text: string) => void }) {
  const [text, setText] = useState('');
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.scrollTo(0, list.current.scrollHeight);
  }, [messages.length]);
  return (
    <section class="card chat">
      <h2>Discussion</h2>
      <ol ref={list}>
        {messages.map((m, i) => (
          <li key={i}>
            <b>{m.name}</b> {m.text}
          </li>
        ))}
        {messages.length === 0 && <li class="muted">Personne n’a encore rien dit.</li>}
      </ol>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const t = text.trim();
          if (!t) return;
          onSend(t);
          setText('');
        }}
      >
        <input
          value={text}
          maxLength={300}
          placeholder="Un message pour la salle"
          aria-label="Message"
          onInput={(e) => setText(e.currentTarget.value)}
        />
        <button type="submit">Envoyer</button>
      </form>
    </section>
  );
}

// « 1 mot », « 3 mots », « −2 points »: French counts 0 and ±1 in the singular.
export function plural(n: number, one: string, many: string): string {
  return `${numberText(n)} ${Math.abs(n) > 1 ? many : one}`;
}

// A word (or a short message: `max`) typed by a player: no autocorrect or
// capitalisation (the games judge spellings), the same limits everywhere.
export function WordInput({ name, value, label, placeholder, max = 40, disabled, onInput }: { name: string; value: string; label: string; placeholder: string; max?: number; disabled?: boolean; onInput: (v: string) => void }) {
  return (
    <input
      name={name}
      value={value}
      autoComplete="off"
      autoCapitalize="none"
      spellcheck={false}
      maxLength={max}
      placeholder={placeholder}
      aria-label={label}
      disabled={disabled}
      onInput={(e) => onInput(e.currentTarget.value)}
    />
  );
}

// "1er", "2e"… for results tables.
export function rankLabel(rank: number): string {
  return rank === 1 ? '1er' : `${rank}e`;
}

// « What to do now »: one line on every screen of every game, saying whose
// move it is and what that move is. `kind`: your move (« À toi : … »), or
// your team's or a shared screen's (« À vous : … »), somebody else's
// (« Attends : … »), a spectator's or a replay's view (no prefix), the end.
// The texts are typeset by the caller (fr`…`); each game builds its line in
// an exported pure function (unit-tested), the board draws it with NowLine.
export interface Now {
  kind: 'you' | 'wait' | 'watch' | 'over';
  text: string;
}

export const yourMove = (text: string): Now => ({ kind: 'you', text: fr`À toi : ` + text });
export const teamMove = (text: string): Now => ({ kind: 'you', text: fr`À vous : ` + text });
export const waitFor = (text: string): Now => ({ kind: 'wait', text: fr`Attends : ` + text });
export const watching = (text: string): Now => ({ kind: 'watch', text });
export const gameOver = (text = 'Partie terminée.'): Now => ({ kind: 'over', text });

export function NowLine({ now }: { now: Now }) {
  return (
    <p class={`now-line now-${now.kind}`} data-now={now.kind} role="status">
      {now.text}
    </p>
  );
}
