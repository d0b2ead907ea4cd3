// The Omise-compatible card vault and gateway (providers.md "Card payments"). Registered at the
// root because the official SDK builds paths from the host alone (/tokens, /charges, …). Three
// scopes: the provider API (Omise's auth, errors and JSON, fault injection), the browser-facing
// 3-D Secure page and CORS preflight (neither takes a key nor fails on purpose), and the
// sandbox's own calls: the schedule runner and the charges made before it started
// (POST /card/__payment-history, past-charges.ts, ADR 072).
import type { FastifyInstance } from 'fastify';
import type { EmulatorOptions } from '../shared/context';
import { injectFaults } from '../shared/faults';
import { CardStore, type CardDeps } from './card-store';
import { chargesRoutes } from './charges-routes';
import { scheduleControlRoute } from './control-route';
import { customersRoutes } from './customers-routes';
import { INTERNAL_ERROR } from './errors';
import { pastChargesRoute } from './past-charges';
import { eventsRoutes } from './events-routes';
import { answerPreflight, requireCardKey, useOmiseErrorsAndJson } from './omise-http';
import { schedulesRoutes } from './schedules-routes';
import { threeDSecurePage } from './three-d-secure-page';
import { tokensRoutes } from './tokens-routes';

export { cardIndexSection } from './index-section';

export async function cardEmulator(app: FastifyInstance, { context, onReset }: EmulatorOptions) {
  const store = new CardStore();
  onReset(() => store.reset());
  const deps: CardDeps = { context, store };

  await app.register(async (browser) => {
    browser.options('/tokens', answerPreflight);
    browser.options('/tokens/:id', answerPreflight);
    await browser.register(threeDSecurePage, { deps });
  });

  await app.register(async (api) => {
    useOmiseErrorsAndJson(api);
    injectFaults(api, context.faults, INTERNAL_ERROR);
    requireCardKey(api, context.config);
    await api.register(tokensRoutes, { deps });
    await api.register(customersRoutes, { deps });
    await api.register(chargesRoutes, { deps });
    await api.register(schedulesRoutes, { deps });
    await api.register(eventsRoutes, { deps });
  });

  await app.register(scheduleControlRoute, { deps });
  await app.register(pastChargesRoute, { deps, prefix: '/card' });
}
