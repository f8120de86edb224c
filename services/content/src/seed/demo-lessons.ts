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
      {
        question: 'What is 245 + 132?', optionA: '377', optionB: '367', optionC: '477', optionD: '357', correctAnswer: 'A',
        explanation: 'Add the hundreds, tens and ones: 200 + 100 = 300, 40 + 30 = 70 and 5 + 2 = 7. Put them together and you get 377.',
      },
      {
        question: 'What is 158 + 67?', optionA: '215', optionB: '225', optionC: '235', optionD: '125', correctAnswer: 'B',
        explanation: 'Ones first: 8 + 7 = 15, so write 5 and carry 1 ten. Tens: 5 + 6 + 1 = 12, so write 2 and carry 1 hundred, which makes 2 hundreds: 225.',
      },
      {
        question: 'What is 399 + 1?', optionA: '390', optionB: '499', optionC: '400', optionD: '300', correctAnswer: 'C',
        explanation: '399 is just one less than 400, so 399 + 1 = 400. Each 9 turns into a 0 and carries 1 to the next place.',
      },
      {
        question: 'In 482, which digit is in the tens place?', optionA: '4', optionB: '2', optionC: '48', optionD: '8', correctAnswer: 'D',
        explanation: 'In 482, the 4 is in the hundreds place, the 8 is in the tens place and the 2 is in the ones place. So the digit in the tens place is 8.',
      },
      {
        question: 'Mia has 126 stickers and gets 75 more. How many does she have now?', optionA: '191', optionB: '201', optionC: '211', optionD: '200', correctAnswer: 'B',
        explanation: 'Getting more means adding: 126 + 75. Ones: 6 + 5 = 11 (write 1, carry 1), tens: 2 + 7 + 1 = 10 (write 0, carry 1), hundreds: 1 + 1 = 2, so Mia has 201 stickers.',
      },
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
      {
        question: 'What is 500 - 230?', optionA: '270', optionB: '330', optionC: '230', optionD: '370', correctAnswer: 'A',
        explanation: 'Take away the hundreds, then the tens: 500 - 200 = 300, and 300 - 30 = 270.',
      },
      {
        question: 'What is 72 - 38?', optionA: '44', optionB: '46', optionC: '34', optionD: '36', correctAnswer: 'C',
        explanation: "You can't take 8 from 2, so borrow a ten: 72 becomes 6 tens and 12 ones. Then 12 - 8 = 4 and 6 - 3 = 3, so the answer is 34.",
      },
      {
        question: 'What is 403 - 105?', optionA: '308', optionB: '298', optionC: '302', optionD: '398', correctAnswer: 'B',
        explanation: '403 has no tens to borrow, so borrow from the hundreds: 403 is 3 hundreds, 9 tens and 13 ones. Then 13 - 5 = 8, 9 - 0 = 9 and 3 - 1 = 2, so the answer is 298.',
      },
      {
        question: 'What is 90 - 9?', optionA: '71', optionB: '89', optionC: '80', optionD: '81', correctAnswer: 'D',
        explanation: 'Borrow a ten: 90 is 8 tens and 10 ones, and 10 - 9 = 1, so 90 - 9 = 81. Check it: 81 + 9 = 90.',
      },
      {
        question: 'A bus has 64 seats and 27 are taken. How many seats are free?', optionA: '37', optionB: '47', optionC: '33', optionD: '91', correctAnswer: 'A',
        explanation: 'Free seats are all the seats minus the taken ones: 64 - 27. Borrow a ten: 14 - 7 = 7 and 5 - 2 = 3, so 37 seats are free.',
      },
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
      {
        question: 'What is 5 × 6?', optionA: '11', optionB: '25', optionC: '30', optionD: '35', correctAnswer: 'C',
        explanation: '5 × 6 means 6 groups of 5. Count by fives six times: 5, 10, 15, 20, 25, 30.',
      },
      {
        question: 'What is 2 × 9?', optionA: '18', optionB: '16', optionC: '11', optionD: '29', correctAnswer: 'A',
        explanation: '2 × 9 is double 9: 9 + 9 = 18.',
      },
      {
        question: 'What is 10 × 7?', optionA: '17', optionB: '77', optionC: '107', optionD: '70', correctAnswer: 'D',
        explanation: '10 × 7 means 7 groups of 10. Count by tens seven times: 10, 20, 30, 40, 50, 60, 70.',
      },
      {
        question: 'There are 4 bags with 5 apples in each. How many apples in all?', optionA: '9', optionB: '20', optionC: '25', optionD: '45', correctAnswer: 'B',
        explanation: '4 bags of 5 apples is 4 groups of 5, so 4 × 5. Count by fives four times: 5, 10, 15, 20 apples.',
      },
      {
        question: 'Which number comes next: 10, 20, 30, __?', optionA: '31', optionB: '50', optionC: '40', optionD: '35', correctAnswer: 'C',
        explanation: 'The numbers go up by 10 each time, so the next one is 30 + 10 = 40.',
      },
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
      {
        question: 'What is 12 ÷ 3?', optionA: '3', optionB: '4', optionC: '6', optionD: '9', correctAnswer: 'B',
        explanation: 'Share 12 into 3 equal groups and each group gets 4. Check with multiplication: 3 × 4 = 12.',
      },
      {
        question: 'What is 20 ÷ 5?', optionA: '4', optionB: '5', optionC: '15', optionD: '25', correctAnswer: 'A',
        explanation: 'How many fives make 20? Count by fives: 5, 10, 15, 20 is 4 fives, so 20 ÷ 5 = 4.',
      },
      {
        question: '18 cookies are shared equally by 2 children. How many does each get?', optionA: '8', optionB: '16', optionC: '10', optionD: '9', correctAnswer: 'D',
        explanation: 'Sharing 18 equally between 2 children is 18 ÷ 2, which is half of 18. Each child gets 9, because 9 + 9 = 18.',
      },
      {
        question: 'Which multiplication fact helps with 24 ÷ 6?', optionA: '6 × 3 = 18', optionB: '6 × 5 = 30', optionC: '6 × 4 = 24', optionD: '4 × 5 = 20', correctAnswer: 'C',
        explanation: '24 ÷ 6 asks: 6 times what makes 24? Since 6 × 4 = 24, the answer to 24 ÷ 6 is 4.',
      },
      {
        question: 'What is the remainder of 13 ÷ 4?', optionA: '1', optionB: '3', optionC: '2', optionD: '0', correctAnswer: 'A',
        explanation: 'Fit as many 4s into 13 as you can: 4 × 3 = 12. Then 13 - 12 = 1 is left over, so the remainder is 1.',
      },
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
      {
        question: 'A pizza is cut into 4 equal slices. One slice is what fraction?', optionA: '1/2', optionB: '1/3', optionC: '1/4', optionD: '4/1', correctAnswer: 'C',
        explanation: 'The pizza is cut into 4 equal slices, so one slice is 1 part out of 4. We write that as 1/4, one quarter.',
      },
      {
        question: 'What is half of 10?', optionA: '5', optionB: '2', optionC: '20', optionD: '4', correctAnswer: 'A',
        explanation: 'Half means splitting into 2 equal parts: 10 splits into 5 and 5, so half of 10 is 5.',
      },
      {
        question: 'Which fraction is bigger?', optionA: '1/4', optionB: '1/2', optionC: '1/3', optionD: '1/10', correctAnswer: 'B',
        explanation: 'When a whole is cut into fewer equal parts, each part is bigger. 2 parts give bigger pieces than 3, 4 or 10 parts, so 1/2 is the biggest.',
      },
      {
        question: 'What is one third of 12?', optionA: '3', optionB: '6', optionC: '9', optionD: '4', correctAnswer: 'D',
        explanation: 'One third means sharing into 3 equal parts: 12 ÷ 3 = 4, so one third of 12 is 4.',
      },
      {
        question: 'How many quarters make one whole?', optionA: '2', optionB: '3', optionC: '4', optionD: '5', correctAnswer: 'C',
        explanation: 'A quarter is 1 of 4 equal parts, so it takes 4 quarters to make one whole.',
      },
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
      {
        question: 'How many minutes are in one hour?', optionA: '100', optionB: '60', optionC: '30', optionD: '24', correctAnswer: 'B',
        explanation: 'One hour has 60 minutes. That is the time the minute hand takes to go all the way round the clock once.',
      },
      {
        question: 'The minute hand points at 6. How many minutes past the hour is it?', optionA: '6', optionB: '60', optionC: '30', optionD: '15', correctAnswer: 'C',
        explanation: 'Each number on the clock is 5 minutes for the minute hand. Count by fives up to 6: 5, 10, 15, 20, 25, 30, so it is 30 minutes past (half past).',
      },
      {
        question: 'What time is "quarter past 3"?', optionA: '3:15', optionB: '3:45', optionC: '3:25', optionD: '2:45', correctAnswer: 'A',
        explanation: "A quarter of an hour is 15 minutes, because 60 ÷ 4 = 15. So quarter past 3 is 15 minutes after 3 o'clock: 3:15.",
      },
      {
        question: 'School starts at 8:30 and lasts 2 hours. When does it end?', optionA: '9:30', optionB: '10:00', optionC: '11:30', optionD: '10:30', correctAnswer: 'D',
        explanation: 'Add the 2 hours one at a time: 8:30, then 9:30, then 10:30. The minutes stay at 30, so school ends at 10:30.',
      },
      {
        question: 'The minute hand points at 4. How many minutes past the hour is it?', optionA: '4', optionB: '20', optionC: '40', optionD: '14', correctAnswer: 'B',
        explanation: 'Each number on the clock is 5 minutes for the minute hand. Count by fives up to 4: 5, 10, 15, 20, so it is 20 minutes past.',
      },
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
      {
        question: 'How many sides does a triangle have?', optionA: '3', optionB: '4', optionC: '5', optionD: '6', correctAnswer: 'A',
        explanation: "'Tri' means three, so a triangle has 3 sides and 3 corners.",
      },
      {
        question: 'A square has sides of 5 cm. What is its perimeter?', optionA: '10 cm', optionB: '25 cm', optionC: '15 cm', optionD: '20 cm', correctAnswer: 'D',
        explanation: 'Perimeter is the distance all the way around a shape. A square has 4 equal sides, so 5 + 5 + 5 + 5 = 20 cm.',
      },
      {
        question: 'How many corners does a rectangle have?', optionA: '3', optionB: '5', optionC: '4', optionD: '6', correctAnswer: 'C',
        explanation: 'Think of a door or a book: a rectangle has 4 sides and 4 corners.',
      },
      {
        question: 'A rectangle is 6 cm long and 2 cm wide. What is its perimeter?', optionA: '12 cm', optionB: '16 cm', optionC: '8 cm', optionD: '14 cm', correctAnswer: 'B',
        explanation: 'Perimeter means adding all the sides. A rectangle has two long sides and two short sides: 6 + 2 + 6 + 2 = 16 cm.',
      },
      {
        question: 'Which shape has 6 sides?', optionA: 'Pentagon', optionB: 'Hexagon', optionC: 'Octagon', optionD: 'Square', correctAnswer: 'B',
        explanation: 'A hexagon has 6 sides, like a cell in a honeycomb. A pentagon has 5 sides, an octagon 8 and a square 4.',
      },
    ],
  },
];
