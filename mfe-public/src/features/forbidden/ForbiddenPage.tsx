import { Link } from 'react-router-dom';
import { messages } from '../../messages';

export function ForbiddenPage() {
  return (
    <section className="pub-page pub-center pub-forbidden">
      <p className="pub-big-code" aria-hidden="true">{messages.forbidden.title}</p>
      <h1>{messages.forbidden.text}</h1>
      <Link to="/" className="kl-btn kl-btn--primary">
        {messages.forbidden.home}
      </Link>
    </section>
  );
}
