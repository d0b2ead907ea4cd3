import { describe, expect, it } from 'vitest';
import { createFeedback, type Notifier } from './donation-feedback';

function recorder() {
  const shown: string[] = [];
  const notifier: Notifier = {
    loading: (message, id) => shown.push(`loading:${message}:${id}`),
    error: (message, id) => shown.push(`error:${message}:${id}`),
    cancelled: (message, id) => shown.push(`cancelled:${message}:${id}`),
    completed: (message, id) => shown.push(`completed:${message}:${id}`),
  };
  return { shown, notifier };
}

describe('donation feedback', () => {
  it('shows each kind in one toast slot', () => {
    const { shown, notifier } = recorder();
    const feedback = createFeedback(notifier, 'slot');
    feedback({ kind: 'loading', message: 'Processing…' });
    feedback({ kind: 'error', message: 'Failed' });
    feedback({ kind: 'cancelled', message: 'Cancelled.' });
    feedback({ kind: 'completed', message: 'Completed.' });
    expect(shown).toEqual(['loading:Processing…:slot', 'error:Failed:slot', 'cancelled:Cancelled.:slot', 'completed:Completed.:slot']);
  });

  it('does not repeat identical feedback', () => {
    const { shown, notifier } = recorder();
    const feedback = createFeedback(notifier);
    feedback({ kind: 'cancelled', message: 'Cancelled.' });
    feedback({ kind: 'cancelled', message: 'Cancelled.' });
    feedback({ kind: 'error', message: 'Cancelled.' });
    feedback({ kind: 'loading', message: 'Processing…' });
    feedback({ kind: 'cancelled', message: 'Cancelled.' });
    expect(shown.map((line) => line.split(':')[0])).toEqual(['cancelled', 'error', 'loading', 'cancelled']);
  });
});
