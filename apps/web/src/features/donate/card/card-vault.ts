// The card vault call moved to lib/card-vault.ts (ADR 034: the saved-card pages tokenise too);
// the donation form keeps importing it from here.
export { tokeniseCard, VaultError, VaultNetworkError, type CardToken, type VaultConfig } from '@/lib/card-vault';
