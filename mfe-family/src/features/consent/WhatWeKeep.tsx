import { messages } from '../../messages';

const text = messages.consent.keep;

/** What KidsLearn keeps about the child and why, read before the parent answers. */
export function WhatWeKeep() {
  return (
    <section className="fam-section fam-keep" aria-labelledby="fam-keep-heading">
      <h2 id="fam-keep-heading">{text.heading}</h2>
      <dl className="fam-keep-list">
        {text.items.map((item) => (
          <div key={item.what} className="fam-keep-item">
            <dt>{item.what}</dt>
            <dd>{item.why}</dd>
          </div>
        ))}
      </dl>
      <p>{text.control}</p>
    </section>
  );
}
