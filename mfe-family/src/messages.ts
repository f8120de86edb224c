// Every user-facing string of mfe-family.
export const messages = {
  loading: 'Loading...',
  heading: (name: string) => (name ? `Welcome, ${name}!` : 'Welcome!'),
  intro: 'This is your family corner: see how your children are learning.',
  children: {
    heading: 'Your children',
    empty: 'No children linked yet',
    emptyHint: 'When your child names you as their parent, they show up here.',
    failed: "We couldn't load your children just now.",
    retry: 'Try again',
  },
} as const;
