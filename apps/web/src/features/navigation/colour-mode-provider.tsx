'use client';
// Holds the colour mode for the page (spec §2 "Client storage"). The server already put the cookie's
// mode on <html> (no flash); here a choice is applied to <html>, localStorage and the cookie at once,
// and on load the two stores are brought back in step (one may have been cleared or expired).
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { COLOUR_MODE_ATTRIBUTE, COLOUR_MODE_KEY, colourModeCookie, resolveStoredColourMode, type ColourMode } from './colour-mode';

type ColourModeState = { mode: ColourMode; setMode: (mode: ColourMode) => void };

const ColourModeContext = createContext<ColourModeState | null>(null);

function readStorage(): string | null {
  try {
    return localStorage.getItem(COLOUR_MODE_KEY);
  } catch {
    return null; // storage blocked (private mode, disabled cookies): the cookie still works
  }
}

function store(mode: ColourMode) {
  document.documentElement.setAttribute(COLOUR_MODE_ATTRIBUTE, mode);
  try {
    localStorage.setItem(COLOUR_MODE_KEY, mode);
  } catch {
    // see readStorage
  }
  document.cookie = colourModeCookie(mode, window.location.protocol === 'https:');
}

export function ColourModeProvider({ initialMode, children }: { initialMode: ColourMode; children: ReactNode }) {
  const [mode, setModeState] = useState(initialMode);
  const setMode = useCallback((next: ColourMode) => {
    store(next);
    setModeState(next);
  }, []);

  useEffect(() => {
    const resolved = resolveStoredColourMode(readStorage(), document.documentElement.getAttribute(COLOUR_MODE_ATTRIBUTE));
    store(resolved);
    setModeState(resolved);
  }, []);

  const value = useMemo(() => ({ mode, setMode }), [mode, setMode]);
  return <ColourModeContext.Provider value={value}>{children}</ColourModeContext.Provider>;
}

export function useColourMode(): ColourModeState {
  const state = useContext(ColourModeContext);
  if (!state) throw new Error('useColourMode needs a ColourModeProvider (app/[locale]/layout.tsx)');
  return state;
}
