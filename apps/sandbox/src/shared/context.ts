// What every emulator shares: configuration, the sandbox clock, fault injection, the activity log
// and webhook delivery. One context per sandbox app, so tests can run several side by side.
import type { SandboxConfig } from '../config/env';
import { ActivityLog } from './activity';
import { SandboxClock } from './clock';
import { Faults } from './faults';
import { WebhookSender } from './webhooks';

export interface SandboxContext {
  config: SandboxConfig;
  clock: SandboxClock;
  faults: Faults;
  activity: ActivityLog;
  webhooks: WebhookSender;
}

export interface ContextOptions {
  random?: () => number;
  webhookRetryDelaysMs?: readonly number[];
}

export function createSandboxContext(config: SandboxConfig, options: ContextOptions = {}): SandboxContext {
  const faults = new Faults(
    {
      errorRate: config.SANDBOX_FAULT_ERROR_RATE,
      timeoutRate: config.SANDBOX_FAULT_TIMEOUT_RATE,
      dropWebhookRate: config.SANDBOX_FAULT_DROP_WEBHOOK_RATE,
      timeoutMs: config.SANDBOX_FAULT_TIMEOUT_MS,
    },
    options.random,
  );
  const activity = new ActivityLog();
  return {
    config,
    clock: new SandboxClock(),
    faults,
    activity,
    webhooks: new WebhookSender(faults, activity, options.webhookRetryDelaysMs),
  };
}

/** Fastify plugin options of every emulator. */
export interface EmulatorOptions {
  context: SandboxContext;
  /** Registers what POST /__control/reset must empty (the emulator's in-memory store). */
  onReset: (reset: () => void) => void;
}
