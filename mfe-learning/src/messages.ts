// Every user-facing string of mfe-learning.
export const messages = {
  placeholderTitle: 'Learning area',
  placeholderText: 'This part of KidsLearn is being built. Please check back soon!',
} as const;
