// Every message this service sends to people (API error messages).
export const messages = {
  notEnoughGems: 'Not enough gems',
  invalidEmail: 'email must be a valid email address',
  costRule: 'cost must be a positive whole number',
} as const;
