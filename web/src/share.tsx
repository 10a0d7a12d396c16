// Sharing a room's link across the table: the phone's share sheet where the
// browser has one, else the clipboard, else (plain http on the local network:
// no secure context, so neither exists) the link selected for a long press,
// with words that say which happened; and a QR code of the link to scan.
import { useMemo, useRef, useState } from 'preact/hooks';
import qrcode from 'qrcode-generator';

// What happened after a press, told to the player (and screen readers).
type Outcome = 'shared' | 'copied' | 'selected' | null;

const SAID: Record<Exclude<Outcome, null>, string> = {
  shared: 'Lien envoyé\u00a0!',
  copied: 'Lien copié\u00a0: colle-le dans un message.',
  selected: 'Lien sélectionné\u00a0: copie-le, ou fais scanner le QR code.',
};

// Copies without the Clipboard API (which needs https): the old selection
// command still works on plain http in most browsers. false when refused.
function copyBySelection(field: HTMLInputElement): boolean {
  field.focus();
  field.select();
  field.setSelectionRange(0, field.value.length);
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

export function ShareLink({ link, code }: { link: string; code: string }) {
  const field = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [showQr, setShowQr] = useState(false);
  const canShare = typeof navigator.share === 'function';

  const share = async () => {
    if (canShare) {
      try {
        await navigator.share({ title: 'Logomachie', text: `Viens jouer avec nous (salle ${code})\u00a0!`, url: link });
        setOutcome('shared');
        return;
      } catch (e) {
        if ((e as DOMException)?.name === 'AbortError') return; // closed by the player
      }
    }
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      setOutcome('copied');
    } catch {
      setOutcome(field.current && copyBySelection(field.current) ? 'copied' : 'selected');
      field.current?.select();
    }
  };

  return (
    <div class="share">
      <div class="row">
        <input ref={field} readOnly value={link} aria-label="Lien de la salle" onFocus={(e) => e.currentTarget.select()} />
        <button class="secondary small" data-action="share" onClick={share}>
          {canShare ? 'Partager le lien' : 'Copier le lien'}
        </button>
        <button class="secondary small" aria-expanded={showQr} aria-controls={showQr ? 'room-qr' : undefined} onClick={() => setShowQr(!showQr)}>
          QR code
        </button>
      </div>
      <p class="share-outcome muted small" role="status" data-outcome={outcome ?? ''}>
        {outcome ? SAID[outcome] : ''}
      </p>
      {showQr && <QrCode id="room-qr" text={link} label={`QR code du lien de la salle ${code}`} />}
    </div>
  );
}

// The link as a QR code, drawn as SVG squares (crisp at any size, no canvas).
export function QrCode({ id, text, label }: { id?: string; text: string; label: string }) {
  const cells = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(text);
    qr.make();
    const n = qr.getModuleCount();
    const dark: string[] = [];
    for (let r = 0; r < n; ++r) {
      for (let c = 0; c < n; ++c) if (qr.isDark(r, c)) dark.push(`M${c} ${r}h1v1h-1z`);
    }
    return { n, path: dark.join('') };
  }, [text]);
  const quiet = 4; // the blank margin scanners need
  const size = cells.n + 2 * quiet;
  return (
    <figure class="qr" id={id}>
      <svg viewBox={`${-quiet} ${-quiet} ${size} ${size}`} role="img" aria-label={label} shape-rendering="crispEdges">
        <rect x={-quiet} y={-quiet} width={size} height={size} fill="#fff" />
        <path d={cells.path} fill="#000" />
      </svg>
      <figcaption class="muted small">À scanner avec l’appareil photo d’un téléphone.</figcaption>
    </figure>
  );
}
