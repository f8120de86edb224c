// What the page shows when the runtime manifest (config.json) is missing or malformed: a clear message for
// the visitor and the problems for whoever deploys, instead of a blank screen. Plain DOM: nothing else started.
import { messages } from '../messages';

export function showStartupError(problems: string[], doc: Document = document): void {
  console.error('KidsLearn cannot start: config.json is not usable', problems);
  const root = doc.getElementById('root') ?? doc.body;
  const page = doc.createElement('main');
  page.className = 'startup-error';
  page.setAttribute('role', 'alert');
  const title = doc.createElement('h1');
  title.textContent = messages.startupError.title;
  const text = doc.createElement('p');
  text.textContent = messages.startupError.text;
  const details = doc.createElement('details');
  const summary = doc.createElement('summary');
  summary.textContent = messages.startupError.details;
  const list = doc.createElement('ul');
  for (const problem of problems) {
    const item = doc.createElement('li');
    item.textContent = problem;
    list.append(item);
  }
  details.append(summary, list);
  page.append(title, text, details);
  root.replaceChildren(page);
}
