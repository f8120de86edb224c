import { Link } from 'react-router-dom';
import { messages } from '../messages';
import logo from '../assets/logo.svg';

const social = [
  { label: 'Facebook', href: 'https://facebook.com/kidslearn', glyph: 'f' },
  { label: 'YouTube', href: 'https://youtube.com/@kidslearn', glyph: '▶' },
  { label: 'Instagram', href: 'https://instagram.com/kidslearn', glyph: '◎' },
];

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <img src={logo} alt="" width={40} height={40} />
          <p>{messages.footer.tagline}</p>
          <Link to="/about">{messages.footer.about}</Link>
        </div>
        <div>
          <h2 className="footer-heading">{messages.footer.follow}</h2>
          <ul className="social">
            {social.map((s) => (
              <li key={s.label}>
                <a href={s.href} aria-label={s.label} target="_blank" rel="noreferrer">
                  <span aria-hidden="true">{s.glyph}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="footer-heading">{messages.footer.getApp}</h2>
          <ul className="stores">
            <li>
              <a href="https://apps.apple.com/" target="_blank" rel="noreferrer">{messages.footer.appStore}</a>
            </li>
            <li>
              <a href="https://play.google.com/" target="_blank" rel="noreferrer">{messages.footer.googlePlay}</a>
            </li>
          </ul>
        </div>
      </div>
      <p className="copyright">{messages.footer.copyright}</p>
    </footer>
  );
}
