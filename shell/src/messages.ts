// Every user-facing string of the shell (SPEC wording kept exactly, spelling included).
export const messages = {
  brand: 'KidsLearn',
  menu: {
    openMenu: 'Open menu',
  },
  login: 'Login',
  register: 'Register',
  signOut: 'Sign out',
  loadingProfile: 'Loading...',
  gems: (n: number) => `${n} gems`,
  avatarAlt: (name: string) => `${name || 'Your'} avatar`,
  loading: 'Loading...',
  feedback: { ok: 'OK', yes: 'Yes', cancel: 'Cancel' },
  redirectingToLogin: 'Taking you to the login page...',
  remote: {
    loading: 'Loading...',
    failedTitle: 'Oops! This part of KidsLearn is taking a nap.',
    failedText: 'The rest of the site still works. Please try again in a moment.',
    retry: 'Try again',
  },
  startupError: {
    title: 'KidsLearn cannot start right now',
    text: 'Something is wrong with how this site is set up. Please try again later.',
    details: 'Details for the site team',
  },
  notFound: {
    title: 'Page not found',
    text: "We looked everywhere, but this page isn't here.",
    home: 'Go Back Home',
  },
  footer: {
    tagline: 'Nurturing young minds, one lesson at a time.',
    follow: 'Follow us',
    getApp: 'Get the app',
    appStore: 'Download on the App Store',
    googlePlay: 'Get it on Google Play',
    about: 'About Us',
    copyright: '© 2025 KidsLearn. All rights reserved.',
  },
} as const;
