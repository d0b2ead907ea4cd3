import { buildSandbox } from './app';
import { loadSandboxConfig } from './config/env';

const config = loadSandboxConfig();
const app = await buildSandbox({ config, fastify: { logger: { level: config.LOG_LEVEL } } });
await app.listen({ port: config.SANDBOX_PORT, host: config.SANDBOX_HOST });
console.info(`Sandbox listening on http://${config.SANDBOX_HOST}:${config.SANDBOX_PORT}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
