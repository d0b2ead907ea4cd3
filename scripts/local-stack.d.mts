// Types of what tests import from local-stack.mjs.
import type { EnvVariableDoc } from '@kifu/domain/env';

export const stackVariables: Record<string, EnvVariableDoc>;
export function buildWebIfStale(): void;
