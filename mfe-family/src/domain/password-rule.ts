/** The registration's rule (SPEC §5, the realm's policy): 8+ characters with an uppercase, a lowercase letter and a digit. */
export const isStrongPassword = (password: string) => password.length >= 8 && /\d/.test(password) && /[a-z]/.test(password) && /[A-Z]/.test(password);
