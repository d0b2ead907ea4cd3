// A campaign's story and a report's body as the editor writes them (ADR 036): HTML, sanitised here
// on the server whatever the browser sent — headings, paragraphs, lists, quotes, emphasis, links
// (http, https and mailto only, opened safely) and images from our own uploads. Everything else
// (scripts, styles, event handlers, iframes, other hosts' images) is dropped, so the public page
// can show it as it is.
import sanitizeHtml from 'sanitize-html';

/** Image sources a story may use: our uploaded campaign images, by their media path. */
const OWN_IMAGE = /^(?:https?:\/\/[^/]+)?(?:\/[a-z-]+)*\/media\/uploads\/campaigns\/[a-z0-9-]+\.webp$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'p', 'br', 'strong', 'em', 's', 'u', 'a', 'ul', 'ol', 'li', 'blockquote', 'hr', 'img'],
  allowedAttributes: { a: ['href'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // h1 is the page's own title: a story's top heading becomes a section heading.
  transformTags: {
    h1: 'h2',
    h4: 'h3',
    b: 'strong',
    i: 'em',
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_IMAGE.test(frame.attribs.src ?? ''),
};
// rel and target are added by the transform, after the attribute allow-list ran.
OPTIONS.allowedAttributes = { ...(OPTIONS.allowedAttributes as Record<string, string[]>), a: ['href', 'rel', 'target'] };

export function sanitiseStory(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The story's words without markup: for page descriptions, search and the release check. */
export function storyText(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|h2|h3|li|blockquote)>/g, '$&\n'), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
