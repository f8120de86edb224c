import { messages } from '../messages';

/** Placeholder page until the rewards area is built; proves the remote loads and mounts. */
export function Placeholder() {
  return (
    <section className="kl-rewards">
      <h1>{messages.placeholderTitle}</h1>
      <p>{messages.placeholderText}</p>
    </section>
  );
}
