// Every user-facing string of mfe-admin.
export const messages = {
  placeholderTitle: 'Admin area',
  placeholderText: 'This part of KidsLearn is being built. Please check back soon!',
} as const;
