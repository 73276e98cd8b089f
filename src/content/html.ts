import type { Root, RootContent } from 'hast';
import rehypeParse from 'rehype-parse';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';

/**
 * GitHub's sanitising schema (the rehype-sanitize default), also dropping
 * the content of elements whose text is not prose (styles, templates…).
 */
export const sanitizeSchema: SanitizeSchema = {
  ...defaultSchema,
  strip: ['script', 'style', 'template', 'noscript', 'iframe', 'textarea', 'title', 'xmp', 'noembed', 'noframes'],
};

// HTML5 parsing (parse5) of a fragment, as a browser would read it inside a <div>. Verbose: each
// element records whether it had an end tag (see keepUnclosedText).
const parser = unified().use(rehypeParse, { fragment: true, verbose: true });

const STRIPPED = new Set(sanitizeSchema.strip);

/**
 * A stripped element (style, script, title…) opened and never closed runs to
 * the end of the text: its content is the rest of the description, written
 * as prose after a stray tag, not a stylesheet. Such an element is replaced
 * by its content, kept as text (escaped on output); a closed one is dropped
 * with its content as before.
 */
function keepUnclosedText(node: Root | RootContent): void {
  if (!('children' in node)) return;
  node.children = node.children.flatMap((child) => {
    if (child.type !== 'element' || !STRIPPED.has(child.tagName)) return [child];
    const position = (child.data as { position?: { closing?: unknown } } | undefined)?.position;
    return position && !position.closing ? child.children : [];
  }) as typeof node.children;
  for (const child of node.children) keepUnclosedText(child);
}

const sanitizer = unified()
  .use(rehypeSanitize, sanitizeSchema)
  .use(rehypeStringify, { allowDangerousHtml: true, characterReferences: { useNamedReferences: true } });

/** `&`, `<` and `>` as named references: text reads `&lt;script&gt;` the way people expect. */
function escapeText(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * The serialiser escapes `<` but not `>` in text; we escape text ourselves
 * and hand it over as `raw`. Only the sanitised tree is walked (the sanitiser
 * drops any `raw` node of its input), so every `raw` node is one made here.
 */
function textToEscapedRaw(node: Root | RootContent): void {
  if (!('children' in node)) return;
  node.children = node.children.map((child) =>
    child.type === 'text' ? ({ type: 'raw', value: escapeText(child.value) } as unknown as typeof child) : child,
  ) as typeof node.children;
  for (const child of node.children) textToEscapedRaw(child);
}

/** Sanitises a hast tree and prints it as HTML. */
export function sanitizeTree(tree: Root): string {
  const clean = sanitizer.runSync(tree) as Root;
  textToEscapedRaw(clean);
  return sanitizer.stringify(clean);
}

/**
 * Sanitises user HTML (spec 4.6 rule 1): allowed elements and attributes
 * stay, scripts, event handlers and unsafe URLs are removed.
 */
export function sanitizeHtml(html: string): string {
  const tree = parser.parse(html) as Root;
  keepUnclosedText(tree);
  return sanitizeTree(tree);
}
