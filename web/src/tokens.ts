// What the browser remembers: the player's name, and per room the secret
// token that lets them back into their seat after a reload or a lost network.

const NAME_KEY = 'logomachie:name';
const roomKey = (code: string) => `logomachie:room:${code.toUpperCase()}`;

export function savedName(): string {
  return localStorage.getItem(NAME_KEY) ?? '';
}

export function saveName(name: string): void {
  localStorage.setItem(NAME_KEY, name.trim());
}

export function roomToken(code: string): string | null {
  return localStorage.getItem(roomKey(code));
}

export function saveRoomToken(code: string, token: string): void {
  localStorage.setItem(roomKey(code), token);
}

export function forgetRoom(code: string): void {
  localStorage.removeItem(roomKey(code));
}
