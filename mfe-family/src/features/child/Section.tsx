import type { ReactNode } from 'react';

/** One section of the child's page: a region named by its heading, reachable from the page's jump links. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="fam-section" aria-labelledby={`${id}-heading`} tabIndex={-1}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}
