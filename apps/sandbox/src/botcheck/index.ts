// Placeholder until the botcheck emulator lands (issue 3).
import type { FastifyInstance } from 'fastify';
import type { EmulatorOptions } from '../shared/context';

export async function botcheckEmulator(_app: FastifyInstance, _options: EmulatorOptions) {}

/** The emulator's part of the sandbox index page (HTML). */
export function botcheckIndexSection(_options: Pick<EmulatorOptions, 'context'>): string {
  return '';
}
