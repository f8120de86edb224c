// The avatar catalogue: our own SVG files under services/content/assets/avatars, served at /assets/content/avatars/.
export const demoAvatars = [
  { _id: '6650c0de00000000000000b1', file: 'owl.svg' },
  { _id: '6650c0de00000000000000b2', file: 'fox.svg' },
  { _id: '6650c0de00000000000000b3', file: 'cat.svg' },
  { _id: '6650c0de00000000000000b4', file: 'panda.svg' },
  { _id: '6650c0de00000000000000b5', file: 'robot.svg' },
  { _id: '6650c0de00000000000000b6', file: 'rocket.svg' },
  { _id: '6650c0de00000000000000b7', file: 'lion.svg' },
  { _id: '6650c0de00000000000000b8', file: 'bunny.svg' },
];

export const demoUsers = [
  { email: 'learner@kidslearn.test', name: 'Lina Learner', role: 'user' as const, avatar: 'owl.svg' },
  { email: 'admin@kidslearn.test', name: 'Adam Admin', role: 'admin' as const, avatar: 'robot.svg' },
];
