// English rendering of a katakana account holder, for the English account details (spec §9: the
// holder is configured per language). Modified Hepburn, upper case, long-vowel mark dropped, the way
// Japanese banks print romanised names; other characters pass through, full-width made half-width.
const SYLLABLES: Record<string, string> = {
  ア: 'a',
  イ: 'i',
  ウ: 'u',
  エ: 'e',
  オ: 'o',
  カ: 'ka',
  キ: 'ki',
  ク: 'ku',
  ケ: 'ke',
  コ: 'ko',
  ガ: 'ga',
  ギ: 'gi',
  グ: 'gu',
  ゲ: 'ge',
  ゴ: 'go',
  サ: 'sa',
  シ: 'shi',
  ス: 'su',
  セ: 'se',
  ソ: 'so',
  ザ: 'za',
  ジ: 'ji',
  ズ: 'zu',
  ゼ: 'ze',
  ゾ: 'zo',
  タ: 'ta',
  チ: 'chi',
  ツ: 'tsu',
  テ: 'te',
  ト: 'to',
  ダ: 'da',
  ヂ: 'ji',
  ヅ: 'zu',
  デ: 'de',
  ド: 'do',
  ナ: 'na',
  ニ: 'ni',
  ヌ: 'nu',
  ネ: 'ne',
  ノ: 'no',
  ハ: 'ha',
  ヒ: 'hi',
  フ: 'fu',
  ヘ: 'he',
  ホ: 'ho',
  バ: 'ba',
  ビ: 'bi',
  ブ: 'bu',
  ベ: 'be',
  ボ: 'bo',
  パ: 'pa',
  ピ: 'pi',
  プ: 'pu',
  ペ: 'pe',
  ポ: 'po',
  マ: 'ma',
  ミ: 'mi',
  ム: 'mu',
  メ: 'me',
  モ: 'mo',
  ヤ: 'ya',
  ユ: 'yu',
  ヨ: 'yo',
  ラ: 'ra',
  リ: 'ri',
  ル: 'ru',
  レ: 're',
  ロ: 'ro',
  ワ: 'wa',
  ヰ: 'i',
  ヱ: 'e',
  ヲ: 'o',
  ン: 'n',
  ヴ: 'vu',
  ァ: 'a',
  ィ: 'i',
  ゥ: 'u',
  ェ: 'e',
  ォ: 'o',
};
const SMALL_Y: Record<string, string> = { ャ: 'a', ュ: 'u', ョ: 'o' };
/** Small vowels after a kana replace its vowel, for loanwords: ティ ti, ファ fa, ウィ wi, シェ she. */
const SMALL_VOWEL: Record<string, string> = { ァ: 'a', ィ: 'i', ゥ: 'u', ェ: 'e', ォ: 'o' };
const VOWEL_AS_CONSONANT: Record<string, string> = { u: 'w', i: 'y' };

export function romaniseKatakana(kana: string): string {
  // NFKC turns full-width brackets, spaces and letters into ASCII and half-width kana into full-width.
  const chars = [...kana.normalize('NFKC')];
  let out = '';
  let doubleNext = false;
  for (let index = 0; index < chars.length; index++) {
    const char = chars[index]!;
    if (char === 'ッ') {
      doubleNext = true;
      continue;
    }
    let syllable = SYLLABLES[char];
    if (syllable === undefined) {
      if (char !== 'ー') out += char;
      doubleNext = false;
      continue;
    }
    const next = chars[index + 1] ?? '';
    const yVowel = SMALL_Y[next];
    const smallVowel = SMALL_VOWEL[next];
    if (yVowel && syllable.endsWith('i') && syllable.length > 1) {
      const stem = syllable.slice(0, -1);
      syllable = ['sh', 'ch', 'j'].includes(stem) ? stem + yVowel : `${stem}y${yVowel}`;
      index++;
    } else if (smallVowel) {
      syllable = (syllable.length > 1 ? syllable.slice(0, -1) : (VOWEL_AS_CONSONANT[syllable] ?? '')) + smallVowel;
      index++;
    }
    if (doubleNext) syllable = (syllable.startsWith('ch') ? 't' : syllable[0]) + syllable;
    doubleNext = false;
    out += syllable;
  }
  return out.toUpperCase();
}
