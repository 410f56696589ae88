/**
 * What a new sign-in password must be: at least 10 characters, not blank or one repeated character,
 * not the account's e-mail address (or its name part), and not among the 49,000 most common
 * passwords of the breach corpora (the list @zxcvbn-ts/language-common ships), also not once the
 * digits and symbols people append to a common word ("password2024!") are taken off.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

let common: Set<string> | null = null;
const commonPasswords = (): Set<string> => (common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())));

/** The reason a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, email?: string | null): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`;
  const folded = password.trim().toLowerCase();
  if (new Set(folded).size < 3) return 'Password is too simple: use more different characters';
  const e = (email ?? '').trim().toLowerCase();
  const local = e.split('@')[0] ?? '';
  if (e && (folded === e || (local.length >= 4 && folded.replace(/[^a-z0-9]/g, '') === local.replace(/[^a-z0-9]/g, '')))) {
    return 'Password must not be your e-mail address';
  }
  const list = commonPasswords();
  const stem = folded.replace(/[\d\W_]+$/u, '');
  if (list.has(folded) || list.has(folded.replace(/\s+/g, '')) || (stem.length >= 4 && list.has(stem))) {
    return 'This password is too common: choose one that is not on lists of leaked passwords';
  }
  return null;
}
