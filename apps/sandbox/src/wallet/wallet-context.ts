// What every part of the wallet emulator needs: the sandbox context, the emulator's store and the
// path it is mounted at (/wallet), from which its own URLs are built.
import type { SandboxContext } from '../shared/context';
import { settleExpiry } from './checkout-session';
import { settlePermissionExpiry } from './charge-permission';
import { walletErrors } from './errors';
import type { ChargePermission, CheckoutSession, WalletStore } from './session-store';

export interface WalletContext {
  context: SandboxContext;
  store: WalletStore;
  /** Where the emulator is mounted, "/wallet"; its own URLs start with it. */
  mountPath: string;
}

export function recordActivity(wallet: WalletContext, action: string, detail = ''): void {
  wallet.context.activity.record('wallet', action, detail);
}

/** The session with its 24-hour expiry applied, or undefined. */
export function findSession(wallet: WalletContext, checkoutSessionId: string): CheckoutSession | undefined {
  const session = wallet.store.sessions.get(checkoutSessionId);
  if (session && settleExpiry(session, wallet.context.clock.now())) {
    recordActivity(wallet, 'checkout session expired', session.checkoutSessionId);
  }
  return session;
}

export function loadSession(wallet: WalletContext, checkoutSessionId: string): CheckoutSession {
  const session = findSession(wallet, checkoutSessionId);
  if (!session) throw walletErrors.notFound('Checkout session', checkoutSessionId);
  return session;
}

export function loadChargePermission(wallet: WalletContext, chargePermissionId: string): ChargePermission {
  const permission = wallet.store.chargePermissions.get(chargePermissionId);
  if (!permission) throw walletErrors.notFound('Charge permission', chargePermissionId);
  if (settlePermissionExpiry(permission, wallet.context.clock.now()))
    recordActivity(wallet, 'charge permission expired', chargePermissionId);
  return permission;
}
