// The sandbox's own clock. Tests move it forward (POST /__control/clock) to reach a checkout
// session's 24-hour expiry or a virtual account's expiration without waiting.
export class SandboxClock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}
