// What a visitor's comment name may not say (issue 34): that she is one of the clinic's people. No zod
// here, so the comment form can say it before sending; the server also folds look-alike letters of
// other scripts (apps/server/src/lib/text.ts) and compares with the staff's own names.

/**
 * A name as plain words: lower case, no accents, đ as d, punctuation and symbols as spaces. Only
 * for comparing names.
 */
export function plainNameForm(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[đĐð]/g, 'd')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * One word that is a title however it is written: BS, Bs., BSCK1, BSCKII, BSNT, ThS.BS written as one,
 * DS (dược sĩ), YS (y sĩ), ĐD (điều dưỡng), KTV, Dr, Doctor, MD, Nurse, and the academic ThS, TS, PGS,
 * GS. Also any word that begins with "bs": no Vietnamese word does ("BSHương" typed without a space).
 */
const TITLE_WORD =
  /^(?:(?:ths|ts|pgs|gs)*(?:bs|bsi|bsy|bacsi|bacsy|ds|dsi|duocsi|duocsy|ys|ysi|ysy)(?:nt|ck|ck1|ck2|cki|ckii)?|ths|ts|pgs|gs|dd|ktv|dr|drs|doctor|doctors|md|nurse|bs\p{L}*)$/u;

/**
 * Titles of two or three words, as plain words. "Sĩ", "Bá", "Y" or "Sinh" alone are names; a title
 * needs its words together. "Tiến sĩ" and "Thạc sĩ" are left out: "Nguyễn Tiến Sĩ" is a name, and
 * neither is a medical title (TS and ThS, the abbreviations a doctor signs with, are refused).
 */
const TITLE_PHRASES: readonly (readonly string[])[] = [
  ['bac', 'si'],
  ['bac', 'sy'],
  ['b', 'si'],
  ['b', 'sy'],
  ['y', 'si'],
  ['y', 'sy'],
  ['y', 'ta'],
  ['duoc', 'si'],
  ['duoc', 'sy'],
  ['dieu', 'duong'],
  ['nu', 'ho', 'sinh'],
  ['luong', 'y'],
  ['thay', 'thuoc'],
  ['giao', 'su'],
  ['ky', 'thuat', 'vien'],
];

/** Initials that spell a title when read together: "B.S.", "B. S. C. K. 1", "D.R.", "M.D.". */
const TITLE_INITIALS = /^(?:bs(?:ck|ck1|ck2|cki|ckii|nt)?|dr|md|ths|pgs)$/;

/** The length of the title that starts at `words[at]`, 0 when none does. */
function titleAt(words: readonly string[], at: number): number {
  const word = words[at]!;
  if (TITLE_WORD.test(word)) return 1;
  const phrase = TITLE_PHRASES.find((p) => p.every((w, k) => words[at + k] === w));
  if (phrase) return phrase.length;
  // A run of single letters: the longest start of it that spells a title.
  let run = at;
  while (run < words.length && words[run]!.length === 1) run += 1;
  for (let end = run; end - at >= 2; end -= 1) if (TITLE_INITIALS.test(words.slice(at, end).join(''))) return end - at;
  return 0;
}

/**
 * A name's words without its titles, wherever they stand, and whether it had any:
 * "Đặng Thanh Hương (Bác sĩ)" → { titled: true, words: [['dang', 'thanh', 'huong']] }, one list per
 * form read. `forms` gives more forms to read than the name as typed (the server adds the look-alike foldings of other scripts).
 */
export function nameWithoutTitles(
  name: string,
  forms: (name: string) => readonly string[] = () => [],
): { titled: boolean; words: string[][] } {
  // Also read with "BsHương" split where a small letter meets a capital, before a form loses its capitals.
  const split = name.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2');
  const plains = new Set([name, split, ...forms(name), ...forms(split)].map(plainNameForm));
  let titled = false;
  const words = [...plains].map((plain) => {
    const all = plain.split(' ').filter(Boolean);
    const kept: string[] = [];
    for (let i = 0; i < all.length;) {
      const length = titleAt(all, i);
      if (length === 0) kept.push(all[i]!);
      else titled = true;
      i += Math.max(length, 1);
    }
    return kept;
  });
  return { titled, words };
}

/** Whether a name carries a medical or academic title in any spelling or position (a visitor's may not). */
export function hasMedicalTitle(name: string, forms?: (name: string) => readonly string[]): boolean {
  return nameWithoutTitles(name, forms).titled;
}

/** The same words in any order make the same name: "Hương Thanh Đặng" is "Đặng Thanh Hương". */
export function nameKey(words: readonly string[]): string {
  return [...words].sort().join(' ');
}
