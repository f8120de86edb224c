import { messages } from '../../messages';
import { useAssetUrl, useStaticJson } from '../shared/useStaticJson';
import { SmartLink } from '../shared/SmartLink';

export interface FeatureItem {
  icon: string;
  title: string;
  desc: string;
  path: string;
}

export function Features() {
  const items = useStaticJson<FeatureItem[]>('content/features.json');
  const asset = useAssetUrl();
  return (
    <section className="pub-section" aria-labelledby="kids-love">
      <h2 id="kids-love">{messages.kidsLove}</h2>
      <ul className="pub-features">
        {(items ?? []).map((item) => (
          <li key={item.title} className="pub-feature">
            <img src={asset(item.icon)} alt="" width={64} height={64} />
            <div>
              <h3>{item.title}</h3>
              <p>{item.desc}</p>
              <SmartLink to={item.path} className="pub-link">
                {messages.learnMore}
              </SmartLink>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
