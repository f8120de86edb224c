import { messages } from '../messages';

/** Placeholder page until the admin area is built; proves the remote loads and mounts. */
export function Placeholder() {
  return (
    <section className="kl-admin">
      <h1>{messages.placeholderTitle}</h1>
      <p>{messages.placeholderText}</p>
    </section>
  );
}
