// The host's options form, drawn from the game's options schema (served by
// /api/games; GameInfo::options in games/core/game.h). Nothing here knows a
// game: defaults, ranges, value lists and French labels all come from the
// server. A game may add a note above the fields and its own widget for an
// option a generic field cannot edit well (Le Tapécho's per-seat sexes).
// Everyone sees the form; only the host (`onChange` set) may change it.
import { useState } from 'preact/hooks';
import type { Json, OptionSpec, OptionValue } from './protocol';
import type { ClientGame, OptionsProps } from './games/types';

// The value the game will use: what the host set, else the schema's default
// (a seat pattern repeated over the seats); undefined when neither. A seat
// list made for another number of seats counts as unset.
export function optionValue(spec: OptionSpec, options: Record<string, Json>, players: number): Json | undefined {
  const set = options[spec.name];
  const fits = spec.kind !== 'seats' || (Array.isArray(set) && set.length === players);
  if (set !== undefined && set !== null && fits) return set;
  if (spec.default === null || spec.default === undefined) return undefined;
  if (spec.kind === 'seats' && Array.isArray(spec.default) && spec.default.length > 0) {
    const pattern = spec.default;
    return Array.from({ length: players }, (_, p) => pattern[p % pattern.length]);
  }
  return spec.default;
}

// Select values that are not the option's own: a value no list names, the host's own text.
const OTHER = '__other__';
const OWN = '__own__';

// The options with every default filled in, for what shows them (seat labels, notes).
export function withDefaults(specs: OptionSpec[], options: Record<string, Json>, players: number): Record<string, Json> {
  const out = { ...options };
  for (const spec of specs) {
    const v = optionValue(spec, options, players);
    if (v !== undefined) out[spec.name] = v;
  }
  return out;
}

const same = (a: Json | undefined, b: Json | undefined) => JSON.stringify(a) === JSON.stringify(b);

// A value as text, for an option's `value` attribute and for values no list names.
function text(v: Json | undefined): string {
  if (v === undefined || v === null) return '';
  if (Array.isArray(v)) return v.map((x) => text(x)).join('-');
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

interface FieldProps {
  spec: OptionSpec;
  value: Json | undefined;
  set: ((value: Json | undefined) => void) | null; // undefined: back to the default
}

// A select over `values`; a value set elsewhere that none of them names is
// kept and shown as it is.
function ListField({ spec, value, set, values, other }: FieldProps & { values: OptionValue[]; other?: string }) {
  const known = values.findIndex((v) => same(v.value, value));
  const current = known >= 0 ? text(values[known].value) : value === undefined ? '' : OTHER;
  return (
    <label>
      {spec.label}
      <select
        name={spec.name}
        value={current}
        disabled={!set}
        onChange={(e) => {
          const picked = values.find((v) => text(v.value) === e.currentTarget.value);
          if (picked) set?.(picked.value);
          else if (e.currentTarget.value === '') set?.(undefined);
        }}
      >
        {spec.unset !== undefined && <option value="">{spec.unset}</option>}
        {values.map((v) => (
          <option value={text(v.value)} key={text(v.value)}>
            {v.label}
          </option>
        ))}
        {known < 0 && value !== undefined && <option value={OTHER}>{other ? `${other}\u00a0: ${text(value)}` : text(value)}</option>}
      </select>
      {spec.help && <small class="muted help">{spec.help}</small>}
    </label>
  );
}

function IntField({ spec, value, set }: FieldProps) {
  if (spec.suggested?.length) return <ListField spec={spec} value={value} set={set} values={spec.suggested} />;
  return (
    <label>
      {spec.label}
      <input
        type="number"
        inputMode="numeric"
        name={spec.name}
        min={spec.min}
        max={spec.max}
        step={1}
        value={text(value)}
        disabled={!set}
        onChange={(e) => {
          const n = Number(e.currentTarget.value);
          if (Number.isInteger(n) && (spec.min === undefined || n >= spec.min) && (spec.max === undefined || n <= spec.max)) set?.(n);
          else e.currentTarget.value = text(value);
        }}
      />
      {spec.help && <small class="muted help">{spec.help}</small>}
    </label>
  );
}

// Suggested texts in a select, and « autre… » for the host's own.
function TextField({ spec, value, set }: FieldProps) {
  const suggested = spec.suggested ?? [];
  const [typing, setTyping] = useState(false);
  const own = typing || (value !== undefined && !suggested.some((v) => same(v.value, value)));
  return (
    <div class="option-text">
      {suggested.length > 0 && (
        <label>
          {spec.label}
          <select
            name={spec.name}
            value={own ? OWN : text(value)}
            disabled={!set}
            onChange={(e) => {
              const picked = suggested.find((v) => text(v.value) === e.currentTarget.value);
              setTyping(!picked);
              if (picked) set?.(picked.value);
            }}
          >
            {suggested.map((v) => (
              <option value={text(v.value)} key={text(v.value)}>
                {v.label}
              </option>
            ))}
            <option value={OWN}>autre…</option>
          </select>
        </label>
      )}
      {(own || suggested.length === 0) && (
        <label>
          {suggested.length > 0 ? <span class="muted small">{spec.label} (à vous de choisir)</span> : spec.label}
          <input
            name={suggested.length > 0 ? `${spec.name}-own` : spec.name}
            value={own && typeof value === 'string' && !suggested.some((v) => same(v.value, value)) ? value : ''}
            maxLength={spec.max}
            autoComplete="off"
            autoCapitalize="characters"
            spellcheck={false}
            disabled={!set}
            onChange={(e) => {
              const v = e.currentTarget.value.trim();
              if (v) set?.(v);
            }}
          />
        </label>
      )}
      {spec.help && <small class="muted help">{spec.help}</small>}
    </div>
  );
}

function BoolField({ spec, value, set }: FieldProps) {
  return (
    <label class="check">
      <input type="checkbox" name={spec.name} checked={value === true} disabled={!set} onChange={(e) => set?.(e.currentTarget.checked)} />
      <span>
        {spec.label}
        {spec.help && <small class="muted help"> {spec.help}</small>}
      </span>
    </label>
  );
}

// One select per seat (a game with rules about the mix gives its own widget).
function SeatsField({ spec, value, set, seatNames }: FieldProps & { seatNames: string[] }) {
  const seats = Array.isArray(value) ? value : [];
  return (
    <fieldset class="option-seats">
      <legend>{spec.label}</legend>
      {seats.map((x, p) => (
        <label key={p} class="row small">
          <span>{seatNames[p] ?? `Place ${p + 1}`}</span>
          <select name={`${spec.name}-${p}`} value={text(x)} disabled={!set} onChange={(e) => set?.(seats.map((y, q) => (q === p ? e.currentTarget.value : y)))}>
            {(spec.choices ?? []).map((c) => (
              <option value={text(c.value)} key={text(c.value)}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
      ))}
      {spec.help && <small class="muted help">{spec.help}</small>}
    </fieldset>
  );
}

export function OptionsForm({ specs, game, ...props }: OptionsProps & { specs: OptionSpec[]; game: ClientGame }) {
  const { options, onChange, players, seatNames } = props;
  const field = (spec: OptionSpec) => {
    const Widget = game.optionWidgets?.[spec.name];
    if (Widget) return <Widget key={spec.name} spec={spec} {...props} />;
    const value = optionValue(spec, options, players);
    const set = onChange
      ? (v: Json | undefined) => {
          const next = { ...options };
          if (v === undefined) delete next[spec.name];
          else next[spec.name] = v;
          onChange(next);
        }
      : null;
    const p = { key: spec.name, spec, value, set };
    switch (spec.kind) {
      case 'int':
        return <IntField {...p} />;
      case 'bool':
        return <BoolField {...p} />;
      case 'choice':
        return <ListField {...p} values={spec.choices ?? []} other={spec.open ? 'personnalisé' : undefined} />;
      case 'text':
        return <TextField {...p} />;
      case 'seats':
        return <SeatsField {...p} seatNames={seatNames} />;
    }
  };
  const main = specs.filter((s) => !s.advanced);
  const more = specs.filter((s) => s.advanced);
  const Note = game.OptionsNote;
  return (
    <div class="option-list" data-options>
      {Note && <Note {...props} options={withDefaults(specs, options, players)} />}
      {main.map(field)}
      {more.length > 0 && (
        <details class="more-options">
          <summary>Plus de réglages</summary>
          <div class="option-list">{more.map(field)}</div>
        </details>
      )}
    </div>
  );
}
