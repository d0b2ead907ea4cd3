// Entry point of a child process for the crash test of the payout run (ADR 075): one payout run
// at PAYOUT_NOW against the database and bank of the usual configuration. The test kills it with
// SIGKILL once the bank holds every transfer and no answer has reached this process.
import pino from 'pino';
import { loadConfig } from '../../src/config/env';
import { createDatabase } from '../../src/db/client';
import { mailLinks } from '../../src/mail/mail-links';
import { SandboxBankGateway } from '../../src/providers/bank/sandbox-bank-gateway';
import { runPayouts } from '../../src/statements/payout-run';

const config = loadConfig();
const database = await createDatabase(config);
try {
  await runPayouts(
    { db: database.db, bank: new SandboxBankGateway(config), mailLinks: mailLinks(config), log: pino({ level: 'silent' }) },
    { trigger: 'schedule', now: new Date(process.env.PAYOUT_NOW!) },
  );
} finally {
  await database.close();
}
