// Account holders as Japanese banks print them (全銀 transfer names), shared by the virtual accounts'
// holder, outgoing transfers and the account check, so the bank refuses and compares names one way.

/** Zengin (全銀) transfer names: katakana, digits, capitals, space and a few symbols. */
export const HOLDER_KANA = /^[ァ-ヴー\u3000 （）().．\-－/／0-9０-９A-ZＡ-Ｚ]{1,30}$/;

/** Small kana as the bank's ledger stores them: Zengin names have no small letters. */
const LARGE_KANA: Record<string, string> = {
  ァ: 'ア',
  ィ: 'イ',
  ゥ: 'ウ',
  ェ: 'エ',
  ォ: 'オ',
  ッ: 'ツ',
  ャ: 'ヤ',
  ュ: 'ユ',
  ョ: 'ヨ',
  ヮ: 'ワ',
};

/**
 * The form a holder is compared in: banks check names on their half-width ledger, where width,
 * spaces and small kana make no difference (ヤマダ\u3000タロウ, ﾔﾏﾀﾞ ﾀﾛｳ and ヤマダタロウ are one holder) and
 * every long-vowel or hyphen mark is the same dash.
 */
export function holderKey(holder: string): string {
  return [...holder.normalize('NFKC')]
    .map((char) => LARGE_KANA[char] ?? char)
    .join('')
    .replace(/[\s\u3000]+/g, '')
    .replace(/[ー－‐-]/g, '-')
    .toUpperCase();
}

export function sameHolder(given: string, registered: string): boolean {
  return holderKey(given) === holderKey(registered);
}
