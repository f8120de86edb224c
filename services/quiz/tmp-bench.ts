import { benchQuizToGems } from '../../bench/quiz-to-gems';
benchQuizToGems({ n: 200 }).then((r) => { console.log(JSON.stringify(r)); process.exit(0); }, (e) => { console.error(e); process.exit(1); });
