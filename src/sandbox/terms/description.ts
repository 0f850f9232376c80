/**
 * A term description as WordPress stores it: always filtered by kses with the small set of
 * tags a comment may hold (`a` with href/title/rel/target, abbr, acronym, b, blockquote, cite,
 * code, del, em, i, q, s, strike, strong); other tags are removed with their text kept,
 * attributes not allowed are dropped, and a bare `&`, `<` or `>` becomes an entity.
 */
const ALLOWED: Record<string, string[]> = {
  a: ['href', 'title', 'rel', 'target'],
  abbr: ['title'],
  acronym: ['title'],
  b: [],
  blockquote: ['cite'],
  cite: [],
  code: [],
  del: ['datetime'],
  em: [],
  i: [],
  q: ['cite'],
  s: [],
  strike: [],
  strong: [],
};

function keptTag(tag: string): string {
  const match = /^<(\/?)([a-z][a-z0-9]*)([^>]*?)(\/?)>$/i.exec(tag);
  if (!match) return '';
  const [, closing, rawName, attributes, selfClosing] = match;
  const name = rawName.toLowerCase();
  const allowed = ALLOWED[name];
  if (!allowed) return '';
  if (closing) return `</${name}>`;
  const kept = [...attributes.matchAll(/([a-z-]+)\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+)/gi)]
    .filter(([, attribute]) => allowed.includes(attribute.toLowerCase()))
    .map(([, attribute, value]) => ` ${attribute.toLowerCase()}="${value.replace(/^["']|["']$/g, '')}"`);
  return `<${name}${kept.join('')}${selfClosing ? ' /' : ''}>`;
}

export function termDescription(text: string): string {
  return text
    .split(/(<\/?[a-z][^<>]*>)/i)
    .map((part, index) =>
      index % 2 === 1
        ? keptTag(part)
        : part
            .replace(/&(?!#?[a-z0-9]+;)/gi, '&amp;')
            .replace(/</g, '&lt;')
            .replace(/>/g, '&gt;'),
    )
    .join('');
}
