// Placeholder until the card emulator lands (issue 3).
import type { FastifyInstance } from 'fastify';
import type { EmulatorOptions } from '../shared/context';

export async function cardEmulator(_app: FastifyInstance, _options: EmulatorOptions) {}

/** The emulator's part of the sandbox index page (HTML). */
export function cardIndexSection(_options: Pick<EmulatorOptions, 'context'>): string {
  return '';
}
