// Toasts with the durations of spec §4/§9: success and warning 3 s, error 10 s, info persistent.
// sonner only has one global duration, so each kind passes its own here.
import { TOAST_DURATION_MS } from '@kifu/domain/constants';
import { toast, type ExternalToast } from 'sonner';

type Message = Parameters<typeof toast>[0];

export const notify = {
  success: (message: Message, options?: ExternalToast) => toast.success(message, { duration: TOAST_DURATION_MS.success, ...options }),
  warning: (message: Message, options?: ExternalToast) => toast.warning(message, { duration: TOAST_DURATION_MS.warning, ...options }),
  error: (message: Message, options?: ExternalToast) => toast.error(message, { duration: TOAST_DURATION_MS.error, ...options }),
  info: (message: Message, options?: ExternalToast) => toast.info(message, { duration: TOAST_DURATION_MS.info, ...options }),
  dismiss: toast.dismiss,
};
