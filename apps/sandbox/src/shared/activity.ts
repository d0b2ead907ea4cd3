// Recent activity of every emulator, newest first, shown on the sandbox index page and readable at
// GET /__control/activity so a person (or a test) can see what Kifu asked the providers.
export interface ActivityEntry {
  at: string;
  provider: 'card' | 'wallet' | 'bank' | 'botcheck' | 'postal' | 'mail' | 'storage' | 'error-tracking' | 'sandbox';
  action: string;
  detail: string;
}

const LIMIT = 200;

export class ActivityLog {
  private entries: ActivityEntry[] = [];

  record(provider: ActivityEntry['provider'], action: string, detail = ''): void {
    this.entries.unshift({ at: new Date().toISOString(), provider, action, detail });
    if (this.entries.length > LIMIT) this.entries.length = LIMIT;
  }

  recent(limit = 50): ActivityEntry[] {
    return this.entries.slice(0, limit);
  }

  clear(): void {
    this.entries = [];
  }
}
