// Telling a player it is their turn when they are not looking: the tab's
// title, a short vibration where the phone allows it, and an optional sound
// (off by default, remembered per browser). Screen readers hear the board's
// what-to-do-now line (NowLine, a status region). Fed by the view's
// `your_turn` (the server says only whether this viewer is expected to act).
import { useEffect, useRef, useState } from 'preact/hooks';

const SOUND_KEY = 'logomachie:sound';
const BASE_TITLE = document.title; // index.html's
export const TURN_TITLE = 'À toi\u00a0! · Logomachie';

export function soundOn(): boolean {
  return localStorage.getItem(SOUND_KEY) === 'on';
}

function beep() {
  try {
    const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    const ctx = new Ctx();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.25);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.25);
    osc.onended = () => void ctx.close();
  } catch {
    // no audio: the title and the announcement still tell
  }
}

// Alerts on each change from « not your turn » to « your turn »; the title
// stays until the turn passes.
export function useTurnAlert(yourTurn: boolean) {
  const was = useRef(false);
  useEffect(() => {
    if (yourTurn && !was.current) {
      document.title = TURN_TITLE;
      if (document.hidden || !document.hasFocus()) {
        try {
          navigator.vibrate?.(200);
        } catch {
          // not allowed before a tap: fine
        }
      }
      if (soundOn()) beep();
    } else if (!yourTurn && was.current) {
      document.title = BASE_TITLE;
    }
    was.current = yourTurn;
  }, [yourTurn]);
  useEffect(() => () => void (document.title = BASE_TITLE), []);
}

// The sound toggle, shown in a game to its players.
export function SoundToggle() {
  const [sound, setSound] = useState(soundOn());
  return (
    <div class="turn-notice row">
      <label class="check small">
        <input
          type="checkbox"
          name="sound"
          checked={sound}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
            setSound(on);
            if (on) beep(); // what it will sound like
          }}
        />
        Son quand c’est mon tour
      </label>
    </div>
  );
}
