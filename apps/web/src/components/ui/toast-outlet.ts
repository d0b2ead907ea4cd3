// Whether the page needs its toast outlet yet (ADR 087): the outlet and sonner, the library behind
// it, are a chunk of their own, mounted once the page is idle after loading or as soon as a toast
// is raised, whichever comes first. This module stays free of sonner so that every page can read it.
type Listener = () => void;

let wanted = false;
const listeners = new Set<Listener>();

/** Asks for the outlet (idempotent). */
export function wantToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export function subscribeToToasterWanted(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isToasterWanted = (): boolean => wanted;
