// Four routes, read from the address bar; navigation keeps history.

export type Route =
  | { page: 'home' }
  | { page: 'room'; code: string }
  | { page: 'replay'; id: number }
  | { page: 'rules'; game: string }
  | { page: 'missing' };

export function parseRoute(path: string): Route {
  if (path === '/' || path === '') return { page: 'home' };
  let m = /^\/salle\/([A-Za-z]{5})\/?$/.exec(path);
  if (m) return { page: 'room', code: m[1].toUpperCase() };
  m = /^\/games\/(\d{1,15})\/?$/.exec(path);
  if (m) return { page: 'replay', id: Number(m[1]) };
  m = /^\/regles\/([a-z0-9_-]{1,40})\/?$/.exec(path);
  if (m) return { page: 'rules', game: m[1] };
  return { page: 'missing' };
}

export function navigate(path: string): void {
  history.pushState(null, '', path);
  dispatchEvent(new PopStateEvent('popstate'));
}
