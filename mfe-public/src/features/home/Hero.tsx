import { Link } from 'react-router-dom';
import { messages } from '../../messages';
import { useSessionStatus } from '@kidslearn/kit/platform';
// Inlined by the build (a data: URL, under 2 KB): the page's largest image needs no request of its own.
import heroImage from './hero.svg';

export function Hero() {
  const status = useSessionStatus();
  return (
    <section className="pub-hero">
      <div className="pub-hero-text">
        <h1>{messages.hero.title}</h1>
        <p>{messages.hero.text}</p>
        {status === 'anonymous' && (
          <Link to="/authentication" className="kl-btn kl-btn--primary kl-btn--lg">
            {messages.hero.enroll}
          </Link>
        )}
        {/* Holds the button's room while the session is checked, so the image below does not jump. */}
        {status === 'loading' && (
          <span className="kl-btn kl-btn--lg pub-btn-placeholder" aria-hidden="true">
            {messages.hero.enroll}
          </span>
        )}
      </div>
      <img className="pub-hero-img" src={heroImage} alt="" width={420} height={320} />
    </section>
  );
}
