// Home: choose a name, create a room for a game (or read how to play it), or
// join one by its code; finished games can be watched again.
import { useEffect, useState } from 'preact/hooks';
import type { ErrorMessage, GameInfo } from '../protocol';
import { fetchJson } from '../protocol';
import { navigate } from '../router';
import { savedName, saveName } from '../tokens';
import { clientGames } from '../games';
import type { RoomApi } from '../app';
import { ErrorBanner } from '../ui';
import { RulesOpener } from '../rules';

interface Recent {
  id: number;
  game: string;
  room: string;
  actions: number;
  created_ms: number;
}

export function Home({ games, api, error }: { games: GameInfo[] | null; api: RoomApi; error: ErrorMessage | null }) {
  const [name, setName] = useState(savedName());
  const [code, setCode] = useState('');
  const [recent, setRecent] = useState<Recent[]>([]);
  useEffect(() => {
    fetchJson<{ games: Recent[] }>('/api/replays')
      .then((r) => setRecent(r.games))
      .catch(() => setRecent([]));
  }, []);
  const title = (g: string) => games?.find((x) => x.name === g)?.title ?? g;

  const create = (game: string) => {
    saveName(name);
    api.send({ type: 'create', game, name });
  };

  return (
    <div class="home">
      <section class="card hero">
        <h1>Des jeux de mots, entre amis, en français</h1>
        <p>Crée une salle, envoie le lien, jouez depuis vos téléphones. Le serveur arbitre&nbsp;: il connaît les mots.</p>
        <label>
          Ton prénom ou pseudo
          <input
            name="name"
            value={name}
            maxLength={24}
            autoComplete="nickname"
            placeholder="Par exemple\u00a0: Léa"
            onInput={(e) => setName(e.currentTarget.value)}
          />
        </label>
      </section>
      <ErrorBanner error={error} onClose={api.clearError} />
      <section class="card">
        <h2>Rejoindre une salle</h2>
        <form
          class="row"
          onSubmit={(e) => {
            e.preventDefault();
            const c = code.trim().toUpperCase();
            if (!/^[A-Z]{5}$/.test(c)) return;
            saveName(name);
            navigate(`/salle/${c}`);
          }}
        >
          <input
            name="code"
            value={code}
            maxLength={5}
            placeholder="Code à 5 lettres"
            aria-label="Code de la salle"
            autoCapitalize="characters"
            onInput={(e) => setCode(e.currentTarget.value)}
          />
          <button type="submit" disabled={!/^[A-Za-z]{5}$/.test(code.trim())}>
            Rejoindre
          </button>
        </form>
      </section>
      <section class="games">
        {games === null && <p class="muted">Chargement des jeux…</p>}
        {games?.map((g) => (
          <article class="card game" key={g.name} data-game={g.name}>
            <h2>{g.title}</h2>
            <p class="muted">
              {g.min_players === g.max_players ? `${g.min_players} joueurs` : `${g.min_players} à ${g.max_players} joueurs`}
            </p>
            <p>{clientGames[g.name]?.rulesSummary ?? ''}</p>
            <div class="row">
              <button onClick={() => create(g.name)} disabled={!clientGames[g.name]}>
                Créer une salle
              </button>
              {clientGames[g.name] && <RulesOpener game={g.name} title={g.title} link />}
            </div>
          </article>
        ))}
      </section>
      {recent.length > 0 && (
        <section class="card">
          <h2>Parties terminées</h2>
          <ul class="recent">
            {recent.map((r) => (
              <li key={r.id}>
                <a
                  href={`/games/${r.id}`}
                  onClick={(e) => {
                    e.preventDefault();
                    navigate(`/games/${r.id}`);
                  }}
                >
                  {title(r.game)} — salle {r.room}, {new Date(r.created_ms).toLocaleString('fr-FR')}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
