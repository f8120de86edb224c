import { useState } from 'react';
import { messages } from '../../messages';
import { useStaticJson } from '../shared/useStaticJson';

export interface FaqItem {
  question: string;
  answer: string;
}

/** SPEC §4: one open item or none; clicking the open item closes it. */
export function Faq() {
  const items = useStaticJson<FaqItem[]>('Faq.json');
  const [open, setOpen] = useState<number | null>(null);
  return (
    <section className="pub-section" aria-labelledby="faq">
      <h2 id="faq">{messages.faq}</h2>
      <div className="pub-faq">
        {(items ?? []).map((item, index) => {
          const isOpen = open === index;
          return (
            <div key={item.question} className={`pub-faq-item${isOpen ? ' is-open' : ''}`}>
              <h3>
                <button type="button" id={`faq-question-${index}`} aria-expanded={isOpen} aria-controls={`faq-${index}`} onClick={() => setOpen(isOpen ? null : index)}>
                  <span>{item.question}</span>
                  <span aria-hidden="true">{isOpen ? '−' : '+'}</span>
                </button>
              </h3>
              <div id={`faq-${index}`} role="region" aria-labelledby={`faq-question-${index}`} hidden={!isOpen}>
                <p>{item.answer}</p>
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
