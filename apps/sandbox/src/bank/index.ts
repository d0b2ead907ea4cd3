// Placeholder until the bank emulator lands (issue 3).
import type { FastifyInstance } from 'fastify';
import type { EmulatorOptions } from '../shared/context';

export async function bankEmulator(_app: FastifyInstance, _options: EmulatorOptions) {}

/** The emulator's part of the sandbox index page (HTML). */
export function bankIndexSection(_options: Pick<EmulatorOptions, 'context'>): string {
  return '';
}
