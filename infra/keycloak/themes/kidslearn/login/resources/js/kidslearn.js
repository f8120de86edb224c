// KidsLearn login theme behaviour (no dependencies, loaded as a module).

// Show/hide password: the button keeps aria-pressed and its label in step with the field.
function togglePassword(button) {
  const field = document.getElementById(button.getAttribute('aria-controls'));
  if (!field) return;
  const show = field.type === 'password';
  field.type = show ? 'text' : 'password';
  button.setAttribute('aria-pressed', String(show));
  button.setAttribute('aria-label', show ? button.dataset.labelHide : button.dataset.labelShow);
}

document.querySelectorAll('[data-password-toggle]').forEach((button) => {
  button.addEventListener('click', () => togglePassword(button));
});

// One click, one submit: disable the submit buttons while the page posts.
document.querySelectorAll('form[data-disable-on-submit]').forEach((form) => {
  let sent = false;
  form.addEventListener('submit', (event) => {
    if (sent) {
      event.preventDefault();
      return;
    }
    sent = true;
    form.querySelectorAll('button[type="submit"]').forEach((b) => {
      b.setAttribute('aria-disabled', 'true');
      b.classList.add('kl-btn--busy');
    });
  });
});
