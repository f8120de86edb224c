import { Link } from 'react-router-dom';
import { messages } from '../messages';
import lostKite from '../assets/lost-kite.svg';

export function NotFound() {
  return (
    <section className="not-found">
      <img src={lostKite} alt="" width={160} height={160} />
      <h1>{messages.notFound.title}</h1>
      <p>{messages.notFound.text}</p>
      <Link className="kl-btn kl-btn--primary" to="/">
        {messages.notFound.home}
      </Link>
    </section>
  );
}
