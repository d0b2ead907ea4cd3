// Types of what tests import from local-stack.mjs.
export function buildWebIfStale(): void;
