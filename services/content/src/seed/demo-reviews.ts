// Reviews from parents and teachers shown on the landing page. Fixed ids keep seeding idempotent.
export const demoReviews = [
  { _id: '6650c0de00000000000000a1', name: 'Priya Sharma', title: 'Parent', message: 'My daughter asks to do "one more lesson" every evening. The short videos and the quiz right after keep her focused.', createdAt: '2025-01-12T17:20:00.000Z' },
  { _id: '6650c0de00000000000000a2', name: 'Mr. Daniel Okafor', title: 'Teacher', message: 'I use the multiplication lessons as homework for my Class 3. The gems make practice feel like a game.', createdAt: '2025-02-03T09:05:00.000Z' },
  { _id: '6650c0de00000000000000a3', name: 'Sofia Martins', title: 'Parent', message: 'Fractions finally clicked for my son thanks to the pizza examples. We love the avatars too!', createdAt: '2025-02-21T19:45:00.000Z' },
  { _id: '6650c0de00000000000000a4', name: 'Ms. Hannah Lee', title: 'Teacher', message: 'Clear, curriculum-aligned and friendly. The standings give my pupils a healthy bit of motivation.', createdAt: '2025-03-10T12:30:00.000Z' },
  { _id: '6650c0de00000000000000a5', name: 'Tom Becker', title: 'Parent', message: 'Saving gems for a gift taught my twins patience as well as maths. Great idea.', createdAt: '2025-03-28T16:10:00.000Z' },
];
