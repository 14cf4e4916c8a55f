// The rich text HR writes (a notice's body): kept only through an allow-list, on the server, whatever the editor
// sent. No script, no event handler, no style, no javascript: (or any scheme but https) link, and pictures only
// from our own files (`/api/files/<uuid>`), so a body can neither run code nor make a worker's phone fetch
// another site.
import { FILE_PATH } from '@ess/contract/files';
import sanitizeHtml from 'sanitize-html';

const ALLOWED_TAGS = [
  'p',
  'br',
  'div',
  'span',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'ul',
  'ol',
  'li',
  'hr',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

/** Answers the HTML that may be shown, and the file ids its pictures are (every other picture is dropped). */
export const sanitizeRichText = (html: string): { html: string; fileIds: string[] } => {
  const fileIds = new Set<string>();
  const clean = sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ['href', 'target', 'rel'],
      img: ['src', 'alt'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
    },
    allowedSchemes: ['https'],
    allowedSchemesByTag: { img: [] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // The contents of these go with them (the rest keep their text when their tag is dropped).
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
    transformTags: {
      a: (tagName, attribs): sanitizeHtml.Tag => ({
        tagName,
        attribs: attribs.href ? { href: attribs.href, target: '_blank', rel: 'noopener noreferrer' } : {},
      }),
    },
    exclusiveFilter: (frame) => {
      if (frame.tag !== 'img') return false;
      const src = frame.attribs.src ?? '';
      if (!FILE_PATH.test(src)) return true;
      fileIds.add(src.slice('/api/files/'.length));
      return false;
    },
  });
  // allowedSchemesByTag img [] refuses absolute sources; relative ones pass to the filter above.
  return { html: clean, fileIds: [...fileIds] };
};

/** The text of the HTML, spaces folded, cut at `max` characters (an excerpt). */
export const plainTextOf = (html: string, max: number) => {
  const textOnly = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return textOnly.length > max ? `${textOnly.slice(0, max - 1)}…` : textOnly;
};
