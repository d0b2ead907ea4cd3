'use client';
// The client auth state of spec §3 and §4 "Authentication", over an httpOnly session (ADR 029):
//   1. uninitialized until the stored auth records are read;
//   2. a current key (the user's email) means a session cookie may exist: the user is fetched with
//      it (GET /backend/user/me/, the cookie rides along); no current key → initialized, logged out;
//   3. a user → stored, made current, initialized and logged in; the access token is refreshed
//      (POST /api/oauth/refresh) before `expires`;
//   4. a 401 → the stored session is removed, the current key cleared, the cookies cleared
//      (DELETE /api/session): logged out;
//   5. logout → POST /api/oauth/logout, then the same, and 'Logged out.' (the caller's toast);
//   7. loggedIn / loggedOut follow the current key going from undefined to defined and back.
// The records keep what spec §3 lists except the tokens, which only the cookies hold.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { sessionUserOf, type ApiUser, type SessionUser } from './session-user';
import { readToEnd } from './read-to-end';

export const AUTH_STORAGE_KEY = 'kifu-auth';
/** Refresh this long before the access token expires. */
const REFRESH_MARGIN_MS = 5 * 60_000;
/** setTimeout's ceiling (about 24.8 days); a later refresh is planned again when it fires. */
const MAX_TIMER_MS = 2_147_483_647;

/** Spec §3 "Auth session record", without token and refreshToken (httpOnly cookies hold them). */
export interface StoredSession {
  key: string;
  /** Epoch ms when the access token expires. */
  expires: number;
  avatarUrl: string | null;
}

/** Spec §2 client storage: the auth entries, the current key and the last user id per key. */
export interface StoredAuth {
  sessions: StoredSession[];
  currentKey: string | null;
  userIds: Record<string, number>;
}

const EMPTY: StoredAuth = { sessions: [], currentKey: null, userIds: {} };

export function readStoredAuth(storage: Pick<Storage, 'getItem'>): StoredAuth {
  try {
    const parsed = JSON.parse(storage.getItem(AUTH_STORAGE_KEY) ?? 'null') as Partial<StoredAuth> | null;
    if (!parsed || typeof parsed !== 'object') return EMPTY;
    return {
      sessions: Array.isArray(parsed.sessions)
        ? parsed.sessions.filter((s) => typeof s?.key === 'string' && typeof s.expires === 'number')
        : [],
      currentKey: typeof parsed.currentKey === 'string' ? parsed.currentKey : null,
      userIds: parsed.userIds && typeof parsed.userIds === 'object' ? parsed.userIds : {},
    };
  } catch {
    return EMPTY;
  }
}

/** The records after a sign-in: this session replaces any of the same key and becomes current. */
export function withSession(stored: StoredAuth, user: SessionUser, expiresIn: number, now: number): StoredAuth {
  const session: StoredSession = { key: user.email, expires: now + expiresIn * 1000, avatarUrl: user.avatarUrl };
  return {
    sessions: [...stored.sessions.filter((entry) => entry.key !== user.email), session],
    currentKey: user.email,
    userIds: { ...stored.userIds, [user.email]: user.id },
  };
}

/** The records after the current session ended (logout or a 401): it is removed and no key is current. */
export function withoutCurrent(stored: StoredAuth): StoredAuth {
  return { ...stored, sessions: stored.sessions.filter((entry) => entry.key !== stored.currentKey), currentKey: null };
}

/**
 * A session the donation form started itself (a guest signed up at confirmation, POST
 * /api/session): recorded so the next page's auth state fetches the user and shows the menu.
 */
export function rememberSession(email: string, expiresIn: number, storage: Storage = window.localStorage): void {
  const stored = readStoredAuth(storage);
  const session: StoredSession = { key: email, expires: Date.now() + expiresIn * 1000, avatarUrl: null };
  try {
    storage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ ...stored, sessions: [...stored.sessions.filter((entry) => entry.key !== email), session], currentKey: email }),
    );
  } catch {
    // Storage blocked: the cookie still signs the browser in on the donate pages.
  }
}

export type AuthStatus = 'initializing' | 'loggedIn' | 'loggedOut';

/** The login/registration modal of spec §2 "Global overlays" (features/auth/auth-modal.tsx), and its mode. */
export type AuthModalMode = 'login' | 'signup' | 'recovery';

export interface AuthState {
  status: AuthStatus;
  user: SessionUser | null;
  /** A login or sign-up answered {expiresIn, user}: keep and show it. */
  signedIn(user: SessionUser, expiresIn: number): void;
  /** Logs out here and at the API. */
  logout(): Promise<void>;
  /** The session turned out to be gone (a 401 elsewhere): drop it without calling the API. */
  dropSession(): Promise<void>;
  /** The open mode of the login/registration modal; null when closed. */
  modal: AuthModalMode | null;
  openModal(mode?: AuthModalMode): void;
  closeModal(): void;
}

const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth needs an AuthProvider above it');
  return state;
}

function save(stored: StoredAuth): void {
  try {
    window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Storage full or blocked: the session still works for this page.
  }
}

const postJson = (url: string, body?: unknown) =>
  fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });

export function AuthProvider({ locale, children }: { locale: string; children: ReactNode }) {
  const [status, setStatus] = useState<AuthStatus>('initializing');
  const [user, setUser] = useState<SessionUser | null>(null);
  const [modal, setModal] = useState<AuthModalMode | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clearLocal = useCallback(() => {
    clearTimeout(timer.current);
    save(withoutCurrent(readStoredAuth(window.localStorage)));
    setUser(null);
    setStatus('loggedOut');
  }, []);

  const dropSession = useCallback(async () => {
    clearLocal();
    await fetch('/api/session', { method: 'DELETE', credentials: 'same-origin' }).catch(() => undefined);
  }, [clearLocal]);

  // keep() plans the next refresh and refresh() keeps what it gets: the ref breaks the circle.
  const keepRef = useRef<(user: SessionUser, expiresIn: number) => void>(() => undefined);
  const refresh = useCallback(async (): Promise<void> => {
    const response = await postJson('/api/oauth/refresh', { locale }).catch(() => null);
    if (response?.status === 401) return clearLocal();
    if (!response?.ok) return; // The API is away: keep the session and try again on the next page.
    const answer = (await response.json()) as { expiresIn: number; user: SessionUser };
    keepRef.current(answer.user, answer.expiresIn);
  }, [locale, clearLocal]);

  const keep = useCallback(
    (signedInUser: SessionUser, expiresIn: number) => {
      const stored = withSession(readStoredAuth(window.localStorage), signedInUser, expiresIn, Date.now());
      save(stored);
      setUser(signedInUser);
      setStatus('loggedIn');
      clearTimeout(timer.current);
      const due = Math.min(Math.max(expiresIn * 1000 - REFRESH_MARGIN_MS, 0), MAX_TIMER_MS);
      timer.current = setTimeout(() => void refresh(), due);
    },
    [refresh],
  );
  keepRef.current = keep;

  useEffect(() => {
    const stored = readStoredAuth(window.localStorage);
    const current = stored.sessions.find((entry) => entry.key === stored.currentKey);
    if (!current) {
      setStatus('loggedOut');
      return;
    }
    let cancelled = false;
    void (async () => {
      if (current.expires - Date.now() < REFRESH_MARGIN_MS) return refresh();
      const response = await fetch(`/backend/user/me/?lang=${encodeURIComponent(locale)}`, {
        credentials: 'include',
        headers: { accept: 'application/json' },
      }).catch(() => null);
      if (response && (cancelled || !response.ok)) await readToEnd(response);
      if (cancelled) return;
      if (response?.status === 401) return dropSession();
      if (!response?.ok) {
        // Unknown (the API is away): show the stored session as logged out rather than guess.
        setStatus('loggedOut');
        return;
      }
      keep(sessionUserOf((await response.json()) as ApiUser), Math.floor((current.expires - Date.now()) / 1000));
    })();
    return () => {
      cancelled = true;
      clearTimeout(timer.current);
    };
  }, [locale, keep, refresh, dropSession]);

  const logout = useCallback(async () => {
    await postJson('/api/oauth/logout').catch(() => undefined);
    clearLocal();
  }, [clearLocal]);

  const openModal = useCallback((mode: AuthModalMode = 'login') => setModal(mode), []);
  const closeModal = useCallback(() => setModal(null), []);
  const state = useMemo<AuthState>(
    () => ({ status, user, signedIn: keep, logout, dropSession, modal, openModal, closeModal }),
    [status, user, keep, logout, dropSession, modal, openModal, closeModal],
  );
  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}
