/** Profile password-change checks (spec section 5). */
export const PROFILE_PASSWORD_MIN = 10;

/** The first problem with a password change, or null. */
export function checkPasswordChange(current: string, next: string, confirm: string): string | null {
  if (!current || !next || !confirm) return 'Please fill in all password fields';
  if (next !== confirm) return 'New passwords do not match';
  if (next.length < PROFILE_PASSWORD_MIN) return `Password must be at least ${PROFILE_PASSWORD_MIN} characters long`;
  return null;
}
