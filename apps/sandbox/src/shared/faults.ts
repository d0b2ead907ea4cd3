// Fault injection, off by default (ADR 006): a share of provider requests answer 500, a share never
// answer (the client must time out), a share of webhooks are dropped. Used by the reliability tests.
// Rates are 0..1; 1 makes the fault certain, which is what deterministic tests use.
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface FaultSettings {
  errorRate: number;
  timeoutRate: number;
  dropWebhookRate: number;
  /** How long a "timed out" request hangs before its socket is closed without an answer. */
  timeoutMs: number;
}

export const NO_FAULTS: FaultSettings = { errorRate: 0, timeoutRate: 0, dropWebhookRate: 0, timeoutMs: 30_000 };

export class Faults {
  settings: FaultSettings;

  constructor(
    initial: Partial<FaultSettings> = {},
    private readonly random: () => number = Math.random,
  ) {
    this.settings = { ...NO_FAULTS, ...initial };
  }

  update(changes: Partial<FaultSettings>): FaultSettings {
    this.settings = { ...this.settings, ...changes };
    return this.settings;
  }

  reset(): void {
    this.settings = { ...NO_FAULTS };
  }

  private roll(rate: number): boolean {
    return rate > 0 && this.random() < rate;
  }

  shouldFail(): boolean {
    return this.roll(this.settings.errorRate);
  }

  shouldTimeOut(): boolean {
    return this.roll(this.settings.timeoutRate);
  }

  shouldDropWebhook(): boolean {
    return this.roll(this.settings.dropWebhookRate);
  }
}

/**
 * Holds the connection without an answer for `timeoutMs`, then closes it. A client that gives up
 * first, or the sandbox closing, ends the wait at once: tests hang calls for far longer than their
 * client timeout, and no timer may outlive its connection.
 */
async function hangUp(socket: Socket, timeoutMs: number): Promise<void> {
  if (!socket.destroyed) {
    await new Promise<void>((done) => {
      const timer = setTimeout(done, timeoutMs);
      socket.once('close', () => {
        clearTimeout(timer);
        done();
      });
    });
  }
  socket.destroy();
}

/**
 * Adds the request faults to the routes of one emulator (call inside its plugin so only provider
 * API calls are affected, never the index page or the control API). `errorBody` is the
 * provider's own error shape for a 500.
 */
export function injectFaults(app: FastifyInstance, faults: Faults, errorBody: () => unknown): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (faults.shouldTimeOut()) {
      await hangUp(request.raw.socket, faults.settings.timeoutMs);
      return reply.hijack();
    }
    if (faults.shouldFail()) {
      return reply.code(500).send(errorBody());
    }
  });
}
