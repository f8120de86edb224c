import { messages } from '../messages';

/** Placeholder page until the learning area is built; proves the remote loads and mounts. */
export function Placeholder() {
  return (
    <section className="kl-learning">
      <h1>{messages.placeholderTitle}</h1>
      <p>{messages.placeholderText}</p>
    </section>
  );
}
