// A tiny offline game for Class 3: addition, subtraction and times tables up to 10. No ads, no links out.
(function () {
  var stars = 0;
  var starsEl = document.getElementById('stars');
  var problemEl = document.getElementById('problem');
  var choicesEl = document.getElementById('choices');
  var feedbackEl = document.getElementById('feedback');
  function rand(min, max) { return min + Math.floor(Math.random() * (max - min + 1)); }
  function nextProblem() {
    var kind = rand(0, 2), a, b, answer, text;
    if (kind === 0) { a = rand(10, 99); b = rand(1, 99 - a + 1); answer = a + b; text = a + ' + ' + b; }
    else if (kind === 1) { a = rand(10, 99); b = rand(1, a); answer = a - b; text = a + ' − ' + b; }
    else { a = rand(2, 10); b = rand(2, 10); answer = a * b; text = a + ' × ' + b; }
    var options = [answer];
    while (options.length < 4) {
      var wrong = answer + rand(-10, 10);
      if (wrong >= 0 && options.indexOf(wrong) === -1) options.push(wrong);
    }
    options.sort(function () { return Math.random() - 0.5; });
    problemEl.textContent = text + ' = ?';
    choicesEl.innerHTML = '';
    options.forEach(function (value) {
      var button = document.createElement('button');
      button.type = 'button';
      button.textContent = String(value);
      button.addEventListener('click', function () { check(value === answer, answer); });
      choicesEl.appendChild(button);
    });
    choicesEl.firstChild.focus({ preventScroll: true });
  }
  function check(correct, answer) {
    if (correct) { stars += 1; feedbackEl.textContent = 'Great job! ⭐'; feedbackEl.className = 'feedback ok'; }
    else { feedbackEl.textContent = 'Nice try! The answer was ' + answer + '.'; feedbackEl.className = 'feedback bad'; }
    starsEl.textContent = 'Stars: ' + stars;
    nextProblem();
  }
  nextProblem();
})();
