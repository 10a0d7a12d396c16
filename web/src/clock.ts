// The server's clock as seen from this device. Hourglasses compare the
// server's deadline (its wall clock) with Date.now(); a phone whose clock is
// off by 40 s would show 40 s too many or too few. Every view and welcome
// carries the server's clock when it was sent (`server_ms`): server_ms −
// Date.now() on arrival is the offset minus the message's travel time, so
// the largest recent sample is the best estimate.

const samples: number[] = [];
const kSamples = 16;

// Records one arrival of a message stamped `serverMs` by the server.
export function observeServerClock(serverMs: number, localMs = Date.now()): void {
  samples.push(serverMs - localMs);
  if (samples.length > kSamples) samples.shift();
}

// Forgets the samples (a new connection may take another route).
export function resetServerClock(): void {
  samples.length = 0;
}

// Server clock − local clock, in ms (0 before any sample).
export function serverClockOffset(): number {
  return samples.length ? Math.max(...samples) : 0;
}

// A time of the server's clock (a deadline) on this device's clock.
export function toLocalTime(serverMs: number): number {
  return serverMs - serverClockOffset();
}
