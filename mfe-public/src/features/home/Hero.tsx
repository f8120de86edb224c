import { Link } from 'react-router-dom';
import { messages } from '../../messages';
import { useSessionStatus } from '../../app/useSessionStatus';
import { useAssetUrl } from '../shared/useStaticJson';

export function Hero() {
  const status = useSessionStatus();
  const asset = useAssetUrl();
  return (
    <section className="pub-hero">
      <div className="pub-hero-text">
        <h1>{messages.hero.title}</h1>
        <p>{messages.hero.text}</p>
        {status === 'anonymous' && (
          <Link to="/authentication" className="pub-btn pub-btn-primary pub-btn-big">
            {messages.hero.enroll}
          </Link>
        )}
        {/* Holds the button's room while the session is checked, so the image below does not jump. */}
        {status === 'loading' && (
          <span className="pub-btn pub-btn-big pub-btn-placeholder" aria-hidden="true">
            {messages.hero.enroll}
          </span>
        )}
      </div>
      <img className="pub-hero-img" src={asset('images/hero.svg')} alt="" width={420} height={320} fetchPriority="high" />
    </section>
  );
}
