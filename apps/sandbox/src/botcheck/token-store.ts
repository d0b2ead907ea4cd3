// Minted tokens and the controllable outcome. A token carries the score and the pass/fail setting in
// force when it was minted, so a test can change the settings between two donations without racing
// tokens already handed out.
import { randomBytes } from 'node:crypto';

/** reCAPTCHA tokens are valid for two minutes and can be verified once (providers.md "Bot check"). */
export const TOKEN_TTL_MS = 2 * 60_000;
/** Past this, a token is forgotten and reads as unknown rather than expired. */
const FORGET_AFTER_MS = 60 * 60_000;

export interface BotCheckSettings {
  score: number;
  /** When true, siteverify rejects the token as invalid-input-response. */
  fail: boolean;
}

export interface MintedToken {
  siteKey: string;
  action: string;
  score: number;
  fail: boolean;
  hostname: string;
  mintedAt: Date;
  verified: boolean;
}

export class TokenStore {
  settings: BotCheckSettings;
  private readonly tokens = new Map<string, MintedToken>();

  constructor(private readonly defaults: BotCheckSettings) {
    this.settings = { ...defaults };
  }

  mint(fields: { siteKey: string; action: string; score?: number; hostname: string }, now: Date): string {
    this.forgetOld(now);
    // Opaque and about as long as Google's, so field sizes in Kifu are exercised for real.
    const token = randomBytes(240).toString('base64url');
    this.tokens.set(token, {
      siteKey: fields.siteKey,
      action: fields.action,
      score: fields.score ?? this.settings.score,
      fail: this.settings.fail,
      hostname: fields.hostname,
      mintedAt: now,
      verified: false,
    });
    return token;
  }

  find(token: string): MintedToken | undefined {
    return this.tokens.get(token);
  }

  reset(): void {
    this.settings = { ...this.defaults };
    this.tokens.clear();
  }

  private forgetOld(now: Date): void {
    for (const [token, minted] of this.tokens) {
      if (now.getTime() - minted.mintedAt.getTime() > FORGET_AFTER_MS) this.tokens.delete(token);
    }
  }
}
