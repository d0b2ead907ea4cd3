// The three global confirmation dialogs of spec §2 ("Global overlays on every page"): address
// confirmation, duplicate donation and moving recurring donations to a new card. A caller asks and
// awaits true or false; nothing else can end a dialog (no Escape, no click outside), so a flow
// waiting on one can never hang on a dismissed dialog or read a third answer. One dialog shows at
// a time; further requests wait their turn. ConfirmDialogHost renders whatever is current.
import { createStore } from 'zustand/vanilla';

export interface RecurringDonationItem {
  associateName: string;
  donorName: string;
}

export type ConfirmRequest =
  | {
      kind: 'address';
      /** Why the address looks wrong, already in the page's language. */ reasons: string[];
      /** The address as entered, one line. */ address: string;
    }
  | { kind: 'duplicate' }
  | { kind: 'recurringCardSwitch'; items: RecurringDonationItem[] };

export type ConfirmKind = ConfirmRequest['kind'];

interface Pending {
  id: number;
  request: ConfirmRequest;
  resolve(answer: boolean): void;
}

export interface ConfirmDialogState {
  queue: Pending[];
  /** Mounted hosts; with none, a request is answered false at once instead of waiting forever. */
  hosts: number;
}

export function createConfirmDialogs() {
  const store = createStore<ConfirmDialogState>()(() => ({ queue: [], hosts: 0 }));
  let nextId = 1;

  function ask(request: ConfirmRequest): Promise<boolean> {
    if (store.getState().hosts === 0) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      store.setState((state) => ({ queue: [...state.queue, { id: nextId++, request, resolve }] }));
    });
  }

  /** Answers the dialog on show (only `id` can be answered: a stale click does nothing). */
  function answer(id: number, value: boolean): void {
    const current = store.getState().queue[0];
    if (!current || current.id !== id) return;
    store.setState((state) => ({ queue: state.queue.slice(1) }));
    current.resolve(value === true);
  }

  function attachHost(): () => void {
    store.setState((state) => ({ hosts: state.hosts + 1 }));
    return () => {
      store.setState((state) => ({ hosts: state.hosts - 1 }));
      if (store.getState().hosts === 0) {
        // Nobody can answer any more: waiting flows end as declined.
        const waiting = store.getState().queue;
        store.setState({ queue: [] });
        for (const entry of waiting) entry.resolve(false);
      }
    };
  }

  return {
    store,
    ask,
    answer,
    attachHost,
    current: () => store.getState().queue[0],
  };
}

export type ConfirmDialogs = ReturnType<typeof createConfirmDialogs>;

/** The page's dialogs. */
export const confirmDialogs = createConfirmDialogs();

export const confirmAddress = (reasons: string[], address: string) => confirmDialogs.ask({ kind: 'address', reasons, address });
export const confirmDuplicateDonation = () => confirmDialogs.ask({ kind: 'duplicate' });
export const confirmRecurringCardSwitch = (items: RecurringDonationItem[]) => confirmDialogs.ask({ kind: 'recurringCardSwitch', items });
