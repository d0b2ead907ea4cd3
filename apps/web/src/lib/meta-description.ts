// A page's meta description (ADR 020): short enough for a search result or a shared card.
/** `text` on one line, cut to at most `max` characters (an ellipsis marks a cut). */
export function metaDescription(text: string, max = 120): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(line);
  return chars.length <= max
    ? line
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}
