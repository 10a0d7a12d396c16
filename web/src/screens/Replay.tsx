// A finished game, step by step (/games/ID): the spectator's view after each
// accepted action, what happened, and the final results.
import { useEffect, useState } from 'preact/hooks';
import { fetchJson, type GameEvent, type Json, type Outcome } from '../protocol';
import { clientGames } from '../games';
import { RulesOpener } from '../rules';

interface Replay {
  id: number;
  game: string;
  title: string;
  room: string;
  names: string[];
  created_ms: number;
  outcome: Outcome | null;
  steps: { action: Json; events: GameEvent[]; view: unknown }[]; // views: the spectator's (ViewOf<game>)
}

export function ReplayScreen({ id }: { id: number }) {
  const [replay, setReplay] = useState<Replay | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [step, setStep] = useState(0);
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    fetchJson<Replay>(`/api/replays/${id}`)
      .then((r) => {
        setReplay(r);
        setStep(r.steps.length - 1);
      })
      .catch((e: Error) => setFailed(e.message));
  }, [id]);
  useEffect(() => {
    if (!playing || !replay) return;
    if (step >= replay.steps.length - 1) {
      setPlaying(false);
      return;
    }
    const t = setTimeout(() => setStep(step + 1), 900);
    return () => clearTimeout(t);
  }, [playing, step, replay]);

  if (failed) return <section class="card error" role="alert">{failed}</section>;
  if (!replay) return <p class="card muted">Chargement de la partie…</p>;
  const client = clientGames[replay.game];
  if (!client) return <p class="card">Ce jeu ne s’affiche pas encore ici.</p>;
  const players = (replay.steps[0]?.view as { players?: number } | undefined)?.players ?? replay.names.length;
  const names = Array.from({ length: players }, (_, p) => replay.names[p] ?? `Joueur ${p + 1}`);
  const s = replay.steps[step];
  const last = step === replay.steps.length - 1;
  const lines = s.events.map((e) => e.say).filter((x): x is string => !!x);
  const outcome: Outcome | null = replay.outcome;

  return (
    <div class="replay">
      <section class="card">
        <h1>
          {replay.title} — salle {replay.room}
        </h1>
        <p class="muted">Partie du {new Date(replay.created_ms).toLocaleString('fr-FR')}</p>
        <RulesOpener game={replay.game} title={replay.title} />
        <div class="row replay-controls">
          <button class="secondary small" aria-label="Début" onClick={() => setStep(0)}>
            ⏮
          </button>
          <button class="secondary small" aria-label="Coup précédent" disabled={step === 0} onClick={() => setStep(step - 1)}>
            ◀
          </button>
          <button class="small" onClick={() => { if (last) setStep(0); setPlaying(!playing); }}>
            {playing ? 'Pause' : 'Lecture'}
          </button>
          <button class="secondary small" aria-label="Coup suivant" disabled={last} onClick={() => setStep(step + 1)}>
            ▶
          </button>
          <input
            type="range"
            min={0}
            max={replay.steps.length - 1}
            value={step}
            aria-label="Coup"
            onInput={(e) => setStep(Number(e.currentTarget.value))}
          />
          <span class="muted">
            coup {step} / {replay.steps.length - 1}
          </span>
        </div>
        <ul class="feed">
          {step === 0 ? <li>Début de la partie.</li> : lines.map((l, i) => <li key={i}>{l}</li>)}
        </ul>
      </section>
      <client.Board view={s.view} version={step} names={names} you={null} act={null} />
      {last && outcome && (
        <section class="card results">
          <h2>Résultat</h2>
          <client.Results outcome={outcome} view={s.view} names={names} />
        </section>
      )}
    </div>
  );
}
