import { lessonMessages } from '@kidslearn/contracts';
// Every user-facing string this service sends. SPEC wording (and spelling) is kept word for word.
export const messages = {
  registration: {
    photoRequired: 'Please select a photo.',
    termsRequired: 'Check the Terms and Condition Feild',
    passwordRule: 'Password must contain one Upperletter one Lowerletter one symbol and a digit',
    nameRequired: 'Please enter your name.',
    nameTooLong: 'Your name must be at most 80 characters.',
    emailInvalid: 'Please enter a valid email address.',
    photoTooLarge: 'The photo must be 2 MB or smaller.',
    photoPixels: 'The photo is too big. Please choose one of at most 4096 × 4096 pixels.',
    photoType: 'The photo must be a PNG, JPEG, WebP or GIF image.',
    tooManyFiles: 'Please attach exactly one photo in the image field.',
    badForm: 'The registration form could not be read.',
    emailTaken: 'An account with this email already exists. Please log in instead.',
    success: 'Verification email sent. Please check your inbox.',
  },
  review: {
    messageRequired: 'Please write a message.',
    messageTooLong: 'The message must be at most 300 characters.',
    emailInvalid: 'Please enter a valid email address.',
    nameTooLong: 'The name must be at most 80 characters.',
    titleTooLong: 'The title must be at most 60 characters.',
    anonymous: 'Anonymous',
  },
  lesson: lessonMessages,
  user: {
    notFound: 'User not found',
    emailMismatch: 'You can only update your own user record.',
    badPage: 'page must be a whole number from 1.',
    badLimit: 'limit must be a whole number from 1 to 100.',
    badSearch: 'q must be text of at most 100 characters.',
    emailQueryRequired: 'Please provide an email.',
    invalidId: 'User not found',
    cannotDemoteSelf: 'You cannot remove your own admin role.',
    notInIdentityProvider: 'This user has no account in the identity provider.',
  },
  avatar: {
    notAllowed: 'Please choose one of the avatars or your own photo.',
    imgRequired: 'Please choose an avatar image.',
  },
  photo: {
    notFound: 'Photo not found',
  },
} as const;
