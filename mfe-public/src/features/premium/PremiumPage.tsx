import { messages } from '../../messages';

export function PremiumPage() {
  return (
    <section className="pub-page pub-center">
      <h1>{messages.premium.heading}</h1>
      <p>{messages.premium.text}</p>
    </section>
  );
}
