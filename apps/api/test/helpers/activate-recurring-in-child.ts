// Entry point of a child process for the crash test of the recurring activation: the activation
// job's work (activateRecurringDonation) for every id in RECURRING_DONATION_IDS at once, against
// the database and card gateway of the usual configuration. The test kills it with SIGKILL.
import pino from 'pino';
import { loadConfig } from '../../src/config/env';
import { createDatabase } from '../../src/db/client';
import { activateRecurringDonation } from '../../src/recurring/activate-recurring-donation';
import { createOmiseCardGateway } from '../../src/providers/card/omise-card-gateway';

const config = loadConfig();
const database = await createDatabase(config);
const deps = { db: database.db, gateway: createOmiseCardGateway(config), log: pino({ level: 'silent' }) };
const ids = (process.env.RECURRING_DONATION_IDS ?? '').split(',').map(Number);
try {
  await Promise.all(ids.map((id) => activateRecurringDonation(deps, id)));
} finally {
  await database.close();
}
