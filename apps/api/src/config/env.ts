// Configuration is parsed once at boot and fails fast (conventions.md #1); spec §5 "Environment
// values" fixes how booleans, numbers and JSON are read (shared parsers in @kifu/domain).
import { fileURLToPath } from 'node:url';
import { describeEnvError, envBoolean, envPort } from '@kifu/domain';
import { z } from 'zod';

/** `<repo root>/data`, resolved from this file so it does not depend on the working directory. */
const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../../data', import.meta.url));

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const configSchema = z.object({
  API_PORT: envPort.default(4000),
  API_HOST: z.string().min(1).default('127.0.0.1'),
  /** When set, node-postgres talks to that server; otherwise the embedded PGlite is used. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  SEED_DEMO_DATA: envBoolean.default(true),
  /** Public prefix of media URLs; the web app proxies /backend/* to the API, which serves /media/*. */
  MEDIA_BASE_URL: z.string().min(1).default('/backend/media').transform((url) => url.replace(/\/+$/, '')),
  WEB_ORIGIN: z.url().default('http://localhost:3000'),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty value means "unset", as shells and .env files commonly leave them.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) throw new ConfigError(`Invalid configuration:\n${describeEnvError(parsed.error)}`);
  return parsed.data;
}

/** PGlite keeps its files here (architecture.md §5: DATA_DIR holds the embedded database and uploads). */
export function pgliteDir(config: Pick<Config, 'DATA_DIR'>): string {
  return `${config.DATA_DIR}/pglite`;
}
