import { messages } from '../../messages';
import { useAssetUrl, useStaticJson } from '../shared/useStaticJson';

export interface TeamMember {
  image: string;
  name: string;
  role: string;
  department: string;
}

/** SPEC §2/§8: 'Loading...' until the About JSON arrives; a failed fetch stays on 'Loading...'. */
export function AboutPage() {
  const team = useStaticJson<TeamMember[]>('content/about.json');
  const asset = useAssetUrl();
  return (
    <section className="pub-page">
      <h1>{messages.about.heading}</h1>
      <h2>{messages.about.team}</h2>
      {!team ? (
        <p role="status">{messages.loading}</p>
      ) : (
        <ul className="pub-team">
          {team.map((member) => (
            <li key={member.name} className="pub-team-card">
              <img src={asset(member.image)} alt={member.name} width={120} height={120} />
              <h3>{member.name}</h3>
              <p className="pub-team-role">{member.role}</p>
              <p>{member.department}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
