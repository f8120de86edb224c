// Small readers for the theme's own markup (we control it, so targeted patterns are enough).

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>' };

export function decode(text: string): string {
  return text
    .replace(/&#(\d+);/g, (entity, code: string) => (entity === '&#39;' ? "'" : String.fromCodePoint(Number(code))))
    .replace(/&(amp|quot|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** The visible text of an HTML fragment, tags removed and whitespace collapsed. */
export function textOf(html: string): string {
  return decode(html.replace(/<script[\s\S]*?<\/script>/g, ' ').replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ').trim();
}

/** The action URL of the form with the given id. */
export function formAction(html: string, formId: string): string {
  const form = new RegExp(`<form[^>]*id="${formId}"[^>]*>`).exec(html)?.[0];
  const action = form && /action="([^"]+)"/.exec(form)?.[1];
  if (!action) throw new Error(`form #${formId} not found`);
  return decode(action);
}

/** The href of the link with the given id. */
export function linkHref(html: string, id: string): string {
  const link = new RegExp(`<a[^>]*id="${id}"[^>]*>`).exec(html)?.[0];
  const href = link && /href="([^"]+)"/.exec(link)?.[1];
  if (!href) throw new Error(`link #${id} not found`);
  return decode(href);
}

/** The inner HTML of the element with the given id (first closing tag of the same name). */
export function elementText(html: string, id: string): string | undefined {
  const match = new RegExp(`<(\\w+)[^>]*id="${id}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
  return match ? textOf(match[2] ?? '') : undefined;
}
