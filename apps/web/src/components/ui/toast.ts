// Toasts with the durations of spec §4/§9: success and warning 3 s, error 10 s, info persistent.
// sonner only has one global duration, so each kind passes its own here. sonner is loaded with the
// outlet, after the page (ADR 087): a toast raised before waits for it, in the order raised.
import { TOAST_DURATION_MS } from '@kifu/domain/constants';
import type { ExternalToast, toast as sonnerToast } from 'sonner';
import { wantToaster } from './toast-outlet';

type Message = Parameters<typeof sonnerToast>[0];
type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | undefined;

/** Runs `show` once sonner is loaded (and asks for the outlet that shows it). */
function withSonner(show: (toast: Sonner['toast']) => void): void {
  wantToaster();
  void (sonner ??= import('sonner')).then(({ toast }) => show(toast));
}

export const notify = {
  success: (message: Message, options?: ExternalToast) =>
    withSonner((toast) => toast.success(message, { duration: TOAST_DURATION_MS.success, ...options })),
  warning: (message: Message, options?: ExternalToast) =>
    withSonner((toast) => toast.warning(message, { duration: TOAST_DURATION_MS.warning, ...options })),
  error: (message: Message, options?: ExternalToast) =>
    withSonner((toast) => toast.error(message, { duration: TOAST_DURATION_MS.error, ...options })),
  info: (message: Message, options?: ExternalToast) =>
    withSonner((toast) => toast.info(message, { duration: TOAST_DURATION_MS.info, ...options })),
  /** Stays until replaced by another toast with the same id. */
  loading: (message: Message, options?: ExternalToast) => withSonner((toast) => toast.loading(message, { duration: Infinity, ...options })),
  dismiss: (id?: string | number) => withSonner((toast) => toast.dismiss(id)),
};
