// Sandbox configuration, parsed once at boot (conventions.md #1).
import { z } from 'zod';
import { describeEnvError, envPort } from '@kifu/domain';

const schema = z.object({
  SANDBOX_PORT: envPort.default(4010),
  SANDBOX_HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type SandboxConfig = z.infer<typeof schema>;

export function loadSandboxConfig(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid sandbox configuration:\n${describeEnvError(parsed.error)}`);
  return parsed.data;
}
