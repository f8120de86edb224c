import type { NewLesson } from '../domain/lesson';

// Class-3 math demo lessons. Links use the watch, short (youtu.be), embed and v/ forms on purpose:
// the learning screen converts them to the embed form. Fixed ids keep seeding idempotent.
export const demoLessons: (NewLesson & { _id: string })[] = [
  {
    _id: '6650c0de0000000000000001',
    lessonHeading: 'Adding 3-Digit Numbers with Regrouping',
    parts: [
      { name: 'Place value: hundreds, tens and ones', link: 'https://www.youtube.com/watch?v=b6w1M6pXr0A' },
      { name: 'Carrying a ten to the next column', link: 'https://youtu.be/Fk8bGv7Yt3Q' },
      { name: 'Word problems with addition', link: 'https://www.youtube.com/embed/q3Lm0xK9hNc' },
    ],
    quiz: [
      { question: 'What is 245 + 132?', optionA: '377', optionB: '367', optionC: '477', optionD: '357', correctAnswer: 'A' },
      { question: 'What is 158 + 67?', optionA: '215', optionB: '225', optionC: '235', optionD: '125', correctAnswer: 'B' },
      { question: 'What is 399 + 1?', optionA: '390', optionB: '499', optionC: '400', optionD: '300', correctAnswer: 'C' },
      { question: 'In 482, which digit is in the tens place?', optionA: '4', optionB: '2', optionC: '48', optionD: '8', correctAnswer: 'D' },
      { question: 'Mia has 126 stickers and gets 75 more. How many does she have now?', optionA: '191', optionB: '201', optionC: '211', optionD: '200', correctAnswer: 'B' },
    ],
  },
  {
    _id: '6650c0de0000000000000002',
    lessonHeading: 'Subtracting with Borrowing',
    parts: [
      { name: 'Taking away and finding the difference', link: 'https://www.youtube.com/watch?v=Rk2vT8sLwQ4' },
      { name: 'Borrowing from the tens', link: 'https://youtu.be/Hn5pZc1YdJ8' },
    ],
    quiz: [
      { question: 'What is 500 - 230?', optionA: '270', optionB: '330', optionC: '230', optionD: '370', correctAnswer: 'A' },
      { question: 'What is 72 - 38?', optionA: '44', optionB: '46', optionC: '34', optionD: '36', correctAnswer: 'C' },
      { question: 'What is 403 - 105?', optionA: '308', optionB: '298', optionC: '302', optionD: '398', correctAnswer: 'B' },
      { question: 'What is 90 - 9?', optionA: '71', optionB: '89', optionC: '80', optionD: '81', correctAnswer: 'D' },
      { question: 'A bus has 64 seats and 27 are taken. How many seats are free?', optionA: '37', optionB: '47', optionC: '33', optionD: '91', correctAnswer: 'A' },
    ],
  },
  {
    _id: '6650c0de0000000000000003',
    lessonHeading: 'Multiplication Tables of 2, 5 and 10',
    parts: [
      { name: 'Multiplication as equal groups', link: 'https://www.youtube.com/watch?v=Ty7uVx3mN0s' },
      { name: 'Skip counting by 2, 5 and 10', link: 'https://www.youtube.com/v/Lp4cW9eRq2k' },
      { name: 'Times-table song', link: 'https://youtu.be/Zs8dJk2PbX1' },
      { name: 'Arrays and rows', link: 'https://www.youtube.com/embed/Gm3hY6tAo5E' },
    ],
    quiz: [
      { question: 'What is 5 × 6?', optionA: '11', optionB: '25', optionC: '30', optionD: '35', correctAnswer: 'C' },
      { question: 'What is 2 × 9?', optionA: '18', optionB: '16', optionC: '11', optionD: '29', correctAnswer: 'A' },
      { question: 'What is 10 × 7?', optionA: '17', optionB: '77', optionC: '107', optionD: '70', correctAnswer: 'D' },
      { question: 'There are 4 bags with 5 apples in each. How many apples in all?', optionA: '9', optionB: '20', optionC: '25', optionD: '45', correctAnswer: 'B' },
      { question: 'Which number comes next: 10, 20, 30, __?', optionA: '31', optionB: '50', optionC: '40', optionD: '35', correctAnswer: 'C' },
    ],
  },
  {
    _id: '6650c0de0000000000000004',
    lessonHeading: 'Introduction to Division',
    parts: [
      { name: 'Sharing equally', link: 'https://www.youtube.com/watch?v=Dv6nQ2wHs8M' },
      { name: 'Division and multiplication are friends', link: 'https://youtu.be/Wq1eR7tYu3I' },
      { name: 'Remainders', link: 'https://www.youtube.com/embed/Pa9sD4fGh6J' },
    ],
    quiz: [
      { question: 'What is 12 ÷ 3?', optionA: '3', optionB: '4', optionC: '6', optionD: '9', correctAnswer: 'B' },
      { question: 'What is 20 ÷ 5?', optionA: '4', optionB: '5', optionC: '15', optionD: '25', correctAnswer: 'A' },
      { question: '18 cookies are shared equally by 2 children. How many does each get?', optionA: '8', optionB: '16', optionC: '10', optionD: '9', correctAnswer: 'D' },
      { question: 'Which multiplication fact helps with 24 ÷ 6?', optionA: '6 × 3 = 18', optionB: '6 × 5 = 30', optionC: '6 × 4 = 24', optionD: '4 × 5 = 20', correctAnswer: 'C' },
      { question: 'What is the remainder of 13 ÷ 4?', optionA: '1', optionB: '3', optionC: '2', optionD: '0', correctAnswer: 'A' },
    ],
  },
  {
    _id: '6650c0de0000000000000005',
    lessonHeading: 'Fractions: Halves, Thirds and Quarters',
    parts: [
      { name: 'What is a fraction?', link: 'https://www.youtube.com/watch?v=Fr4cT1oNs2A' },
      { name: 'Fractions of a shape', link: 'https://youtu.be/Ja7kL3mQp9Z' },
      { name: 'Fractions of a number', link: 'https://www.youtube.com/watch?v=Xc2vB5nMa8S' },
    ],
    quiz: [
      { question: 'A pizza is cut into 4 equal slices. One slice is what fraction?', optionA: '1/2', optionB: '1/3', optionC: '1/4', optionD: '4/1', correctAnswer: 'C' },
      { question: 'What is half of 10?', optionA: '5', optionB: '2', optionC: '20', optionD: '4', correctAnswer: 'A' },
      { question: 'Which fraction is bigger?', optionA: '1/4', optionB: '1/2', optionC: '1/3', optionD: '1/10', correctAnswer: 'B' },
      { question: 'What is one third of 12?', optionA: '3', optionB: '6', optionC: '9', optionD: '4', correctAnswer: 'D' },
      { question: 'How many quarters make one whole?', optionA: '2', optionB: '3', optionC: '4', optionD: '5', correctAnswer: 'C' },
    ],
  },
  {
    _id: '6650c0de0000000000000006',
    lessonHeading: 'Telling Time to 5 Minutes',
    parts: [
      { name: 'The hour hand and the minute hand', link: 'https://www.youtube.com/watch?v=Tm5hR2cLk7D' },
      { name: 'Counting minutes by fives', link: 'https://www.youtube.com/embed/Ck9mN4bVx1F' },
    ],
    quiz: [
      { question: 'How many minutes are in one hour?', optionA: '100', optionB: '60', optionC: '30', optionD: '24', correctAnswer: 'B' },
      { question: 'The minute hand points at 6. How many minutes past the hour is it?', optionA: '6', optionB: '60', optionC: '30', optionD: '15', correctAnswer: 'C' },
      { question: 'What time is "quarter past 3"?', optionA: '3:15', optionB: '3:45', optionC: '3:25', optionD: '2:45', correctAnswer: 'A' },
      { question: 'School starts at 8:30 and lasts 2 hours. When does it end?', optionA: '9:30', optionB: '10:00', optionC: '11:30', optionD: '10:30', correctAnswer: 'D' },
      { question: 'The minute hand points at 4. How many minutes past the hour is it?', optionA: '4', optionB: '20', optionC: '40', optionD: '14', correctAnswer: 'B' },
    ],
  },
  {
    _id: '6650c0de0000000000000007',
    lessonHeading: 'Shapes and Perimeter',
    parts: [
      { name: '2D shapes: sides and corners', link: 'https://youtu.be/Sh4pE2sKd8L' },
      { name: 'Walking around the edge: perimeter', link: 'https://www.youtube.com/watch?v=Pr1mT6eRw3N' },
      { name: 'Perimeter of squares and rectangles', link: 'https://www.youtube.com/v/Rc7tG2lQz5U' },
    ],
    quiz: [
      { question: 'How many sides does a triangle have?', optionA: '3', optionB: '4', optionC: '5', optionD: '6', correctAnswer: 'A' },
      { question: 'A square has sides of 5 cm. What is its perimeter?', optionA: '10 cm', optionB: '25 cm', optionC: '15 cm', optionD: '20 cm', correctAnswer: 'D' },
      { question: 'How many corners does a rectangle have?', optionA: '3', optionB: '5', optionC: '4', optionD: '6', correctAnswer: 'C' },
      { question: 'A rectangle is 6 cm long and 2 cm wide. What is its perimeter?', optionA: '12 cm', optionB: '16 cm', optionC: '8 cm', optionD: '14 cm', correctAnswer: 'B' },
      { question: 'Which shape has 6 sides?', optionA: 'Pentagon', optionB: 'Hexagon', optionC: 'Octagon', optionD: 'Square', correctAnswer: 'B' },
    ],
  },
];
