// Placeholder until the wallet emulator lands (issue 3).
import type { FastifyInstance } from 'fastify';
import type { EmulatorOptions } from '../shared/context';

export async function walletEmulator(_app: FastifyInstance, _options: EmulatorOptions) {}

/** The emulator's part of the sandbox index page (HTML). */
export function walletIndexSection(_options: Pick<EmulatorOptions, 'context'>): string {
  return '';
}
