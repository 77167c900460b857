/**
 * Rules the schemas check with a function (a refine), stated in the OpenAPI document as patterns, so a
 * client generated from it sends what the server takes (issue 29, defect 12). Each pattern accepts
 * only values its function accepts; the function stays the check, with its own message. The contract
 * test (apps/server/src/plugins/contract.test.ts) generates values from these patterns and fails on
 * any the server then refuses.
 */

const MONTH_DAY =
  '((0[13578]|1[02])-(0[1-9]|[12][0-9]|3[01])|(0[469]|11)-(0[1-9]|[12][0-9]|30)|02-(0[1-9]|1[0-9]|2[0-8]))';

export const STATED = {
  /** A day that exists, YYYY-MM-DD (years 1000 to 9999; 29 February of leap years only). */
  date: `^([1-9][0-9]{3}-${MONTH_DAY}|([1-9][0-9](0[48]|[2468][048]|[13579][26])|([2468][048]|[13579][26])00)-02-29)$`,
  /** A birth date the profile takes: a day from 1900 to 2019 (the rule is 1900-01-01 to today). */
  birth: `^((19[0-9]{2}|20[01][0-9])-${MONTH_DAY}|(19(0[48]|[2468][048]|[13579][26])|20(0[048]|1[26]))-02-29)$`,
  /** HH:MM. */
  time: '^([01][0-9]|2[0-3]):[0-5][0-9]$',
  /** A Vietnamese number: 0 then 9 or 10 digits, or +84 / 84 in place of the 0 (the server also takes spaces, dots, dashes and brackets between digits). */
  phone: '^(0|\\+?84)[0-9]{9,10}$',
  /** Something@something.something, no spaces. */
  email: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
  /** The e-mail addresses zod's z.email() takes, less the rare ones (quotes in the name part). */
  plainEmail: '^[A-Za-z0-9_+-]+([.][A-Za-z0-9_+-]+)*@([A-Za-z0-9][A-Za-z0-9-]*[.])+[A-Za-z]{2,}$',
  /** An e-mail address that is also a user name: letters, digits and . _ - + around the @. */
  usernameEmail: '^[A-Za-z0-9._+-]+@[A-Za-z0-9._+-]+\\.[A-Za-z0-9._+-]+$',
  /** 3 to 100 letters, digits and . _ - @ +. */
  username: '^[A-Za-z0-9._@+-]{3,100}$',
  /** The 6 digits of an authenticator app or a recovery code (the server also takes spaces and dashes in it). */
  mfaCode: '^[0-9A-Za-z]{1,32}$',
  /** An image stored by the server (/api/images/…) or an http(s) address; empty removes it. */
  imageUrl: '^(/([^\\s/\\\\][\\S]*)?|https?://[^\\s/]+[\\S]*)?$',
  /** No control characters. */
  noControl: '^[^\\u0000-\\u001f]*$',
} as const;

/** `A|B|C` as one value or several joined by commas. */
export const commaListPattern = (values: readonly string[]): string => {
  const one = `(${values.join('|')})`;
  return `^${one}(,${one})*$`;
};
