import * as RadixAccordion from '@radix-ui/react-accordion';
import type { ReactNode } from 'react';
import { cx } from './cx';

export interface AccordionItem {
  id: string;
  header: ReactNode;
  content: ReactNode;
  /** Shown at the end of the header (e.g. a 'Done' badge). */
  badge?: ReactNode;
}

export interface AccordionProps {
  items: AccordionItem[];
  /** The open item's id, or '' for none (controlled); omit for uncontrolled. */
  value?: string;
  onValueChange?: (id: string) => void;
  /** Heading level of each item's trigger. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** One item open at a time; clicking the open one closes it (SPEC: FAQ, lessons). */
export function Accordion({ items, value, onValueChange, headingLevel = 3, className }: AccordionProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <RadixAccordion.Root type="single" collapsible value={value} onValueChange={onValueChange} className={cx('kl-accordion', className)}>
      {items.map((item) => (
        <RadixAccordion.Item key={item.id} value={item.id} className="kl-accordion__item">
          <RadixAccordion.Header asChild>
            <Heading className="kl-accordion__heading">
              <RadixAccordion.Trigger className="kl-accordion__trigger">
                <span>{item.header}</span>
                <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
                  {item.badge}
                  <span className="kl-accordion__chevron" aria-hidden="true">
                    ▾
                  </span>
                </span>
              </RadixAccordion.Trigger>
            </Heading>
          </RadixAccordion.Header>
          <RadixAccordion.Content className="kl-accordion__content">{item.content}</RadixAccordion.Content>
        </RadixAccordion.Item>
      ))}
    </RadixAccordion.Root>
  );
}
