// Every user-facing string of mfe-rewards.
export const messages = {
  placeholderTitle: 'Rewards area',
  placeholderText: 'This part of KidsLearn is being built. Please check back soon!',
} as const;
