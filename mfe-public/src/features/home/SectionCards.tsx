import { messages } from '../../messages';
import { useAssetUrl, useStaticJson } from '../shared/useStaticJson';
import { SmartLink } from '../shared/SmartLink';

export interface SectionCard {
  bg: string;
  img: string;
  title: string;
  description: string;
  path: string;
  linkText: string;
}

export function SectionCards() {
  const cards = useStaticJson<SectionCard[]>('content/back-to-school.json');
  const asset = useAssetUrl();
  return (
    <section className="pub-section" aria-labelledby="back-to-school">
      <h2 id="back-to-school">{messages.backToSchool}</h2>
      <ul className="pub-cards">
        {(cards ?? []).map((card) => (
          <li key={card.title} className="pub-card" style={{ background: card.bg }}>
            <img src={asset(card.img)} alt="" width={96} height={96} />
            <h3>{card.title}</h3>
            <p>{card.description}</p>
            <SmartLink to={card.path} className="pub-link">
              {card.linkText}
            </SmartLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
