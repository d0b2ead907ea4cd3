// The donation form state of spec §3 ("Donation form state"), kept in client storage per
// associate and per campaign so a supporter comes back from the bank's 3-D Secure page (or a
// reload) to a filled form. Entry status transitions are those of spec §4 ("Donation form entry
// status"). Card numbers, security codes and passwords are never put here (architecture.md §1:
// no card data in storage); `creditCard` only remembers choices about the card, not the card.
import { createStore } from 'zustand/vanilla';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import type { VirtualAccountView } from '@kifu/domain/api/donation';
import type { FormFrequency, FormPaymentMethod, ProfileFormValues } from './field-values';

export const ENTRY_STATUSES = ['init', 'draft', 'done'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

export interface OptionState {
  frequency: FormFrequency;
  paymentMethod: FormPaymentMethod;
  rewardId: string;
  isCommissionContains: boolean;
  isAnonymous: boolean;
  needReceipt: boolean;
  needNewsLetter: boolean;
}

export interface AmountState {
  amount: string;
  /** A campaign's promotion code as typed (ADR 036). */
  promotionCode?: string;
}

export interface UserProfileState {
  email: string;
  isCorporation: boolean;
  profile: ProfileFormValues;
}

/** Choices about the card only (a saved card or a new one, later); never card data. */
export interface CreditCardState {
  useSavedCard: boolean;
}

/** The annual membership plan chosen (spec §3 entry 'membership'); its unit, price and month are the plan's. */
export interface MembershipState {
  planId: string;
}

export interface ConfirmationState {
  message: string;
  survey: Record<string, string[]>;
}

/** What the Done screen shows. */
export interface Contribution {
  donationId: number;
  paymentMethod: FormPaymentMethod;
  frequency: FormFrequency;
  /** What the supporter pays (the fee-included total when that option was ticked). */
  amount: number;
  email: string;
  virtualAccount: VirtualAccountView | null;
  /** The guest's donation token: it authorises the Done screen's message (null or absent when signed in). */
  statusToken?: string | null;
  /** The donation's message (written with the gift or on Done), to update rather than send again. */
  messageId?: number | null;
}

/** A card gift waiting for its 3-D Secure outcome; what the form needs to settle it on return. */
export interface PendingDonation {
  donationId: number;
  statusToken: string | null;
  paymentMethod: FormPaymentMethod;
  frequency: FormFrequency;
  amount: number;
  email: string;
  /** The message written with the gift (the creation response's donation_message.id). */
  messageId?: number | null;
}

export interface DonationFormEntry {
  option?: OptionState;
  amount?: AmountState;
  /** The annual membership plan (the membership flow only). */
  membership?: MembershipState;
  userProfile?: UserProfileState;
  creditCard?: CreditCardState;
  walletPay?: unknown;
  confirmation?: ConfirmationState;
  contribution?: Contribution;
  pending?: PendingDonation;
  status: EntryStatus;
  isInitialized: boolean;
}

export type EntryData = Omit<DonationFormEntry, 'status' | 'isInitialized'>;

export function newEntry(): DonationFormEntry {
  return { status: 'init', isInitialized: false };
}

/**
 * Spec §4: init can be set freely; draft clears the contribution; done clears membership, amount,
 * profile, card, confirmation and wallet data and resets isInitialized.
 */
export function withStatus(entry: DonationFormEntry, status: EntryStatus): DonationFormEntry {
  switch (status) {
    case 'init':
      return { ...entry, status };
    case 'draft':
      return { ...entry, contribution: undefined, status };
    case 'done':
      return {
        ...entry,
        membership: undefined,
        amount: undefined,
        userProfile: undefined,
        creditCard: undefined,
        confirmation: undefined,
        walletPay: undefined,
        status,
        isInitialized: false,
      };
  }
}

/** Spec §4: clearing an entry removes option, amount, membership, profile, card and confirmation. */
export function clearedEntry(entry: DonationFormEntry): DonationFormEntry {
  return {
    ...entry,
    option: undefined,
    amount: undefined,
    membership: undefined,
    userProfile: undefined,
    creditCard: undefined,
    confirmation: undefined,
  };
}

export interface DonationFormState {
  entries: Record<string, DonationFormEntry>;
  /** Set once the entries have been read back from storage. */
  isRestored: boolean;
  entry(key: string): DonationFormEntry;
  /** Merges parts into an entry (creating it), marking it initialized. */
  update(key: string, data: Partial<EntryData>): void;
  setStatus(key: string, status: EntryStatus): void;
  clear(key: string): void;
}

export const DONATION_FORM_STORAGE_KEY = 'kifu-donation-form';

export function createDonationFormStore(storage?: () => StateStorage) {
  return createStore<DonationFormState>()(
    persist(
      (set, get) => {
        const change = (key: string, next: (entry: DonationFormEntry) => DonationFormEntry) =>
          set((state) => ({ entries: { ...state.entries, [key]: next(state.entries[key] ?? newEntry()) } }));
        return {
          entries: {},
          isRestored: false,
          entry: (key) => get().entries[key] ?? newEntry(),
          update: (key, data) => change(key, (entry) => ({ ...entry, ...data, isInitialized: true })),
          setStatus: (key, status) => change(key, (entry) => withStatus(entry, status)),
          clear: (key) => change(key, clearedEntry),
        };
      },
      {
        name: DONATION_FORM_STORAGE_KEY,
        version: 1,
        storage: createJSONStorage(storage ?? (() => localStorage)),
        partialize: (state) => ({ entries: state.entries }),
        // Read back in an effect (restoreDonationForm), so the server and first client render agree.
        skipHydration: true,
      },
    ),
  );
}
export type DonationFormStore = ReturnType<typeof createDonationFormStore>;

let browserStore: DonationFormStore | undefined;

/** The page's store (one per browser tab); call restoreDonationForm before reading it. */
export function donationFormStore(): DonationFormStore {
  browserStore ??= createDonationFormStore();
  return browserStore;
}

/** Reads the stored entries back (once); resolves when they are in the store. */
export async function restoreDonationForm(store: DonationFormStore): Promise<void> {
  if (!store.persist.hasHydrated()) await store.persist.rehydrate();
  store.setState({ isRestored: true });
}
