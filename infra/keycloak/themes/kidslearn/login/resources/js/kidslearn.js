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

// SPEC §5: the login password has at least 8 characters with a digit, a lowercase and an uppercase letter.
// A password that breaks the rule gets the rule's message (the form's data-password-rule) in the red line,
// before the server is asked; any other failure keeps the server's own message.
const PASSWORD_RULE = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{8,}$/;

/** The inline red line under the password (as password-field.ftl draws it), made when the page has none. */
function showErrorLine(form, field, text) {
  let line = document.getElementById('input-error');
  if (!line) {
    line = document.createElement('p');
    line.id = 'input-error';
    line.className = 'kl-error';
    line.setAttribute('role', 'alert');
    const icon = document.createElement('span');
    icon.className = 'kl-error__icon';
    icon.setAttribute('aria-hidden', 'true');
    icon.textContent = '!';
    const message = document.createElement('span');
    message.className = 'kl-error__text';
    line.append(icon, message);
    field.closest('.kl-field')?.after(line);
  }
  line.querySelector('.kl-error__text').textContent = text;
  field.setAttribute('aria-invalid', 'true');
  field.setAttribute('aria-describedby', 'input-error');
  field.focus();
}

document.querySelectorAll('form[data-password-rule]').forEach((form) => {
  const field = form.querySelector('input[name="password"]');
  form.addEventListener('submit', (event) => {
    if (!field || PASSWORD_RULE.test(field.value)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    showErrorLine(form, field, form.dataset.passwordRule);
  });
});

// One click, one submit: disable the submit buttons while the page posts.
document.querySelectorAll('form[data-disable-on-submit]').forEach((form) => {
  let sent = false;
  form.addEventListener('submit', (event) => {
    if (event.defaultPrevented) return;
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
