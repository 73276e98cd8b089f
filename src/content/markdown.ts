import type { Element, ElementContent, Text } from 'hast';
import type { Html, Image, ImageReference, Parents } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import type { State } from 'mdast-util-to-hast';
import { unified } from 'unified';
import { sanitizeTree } from './html.ts';

type Root = import('hast').Root;

/** Spec 4.6 rule 4: an image is shown as a link to it; without a URL, as its alt text. */
function imageAsLink(
  url: string | null | undefined,
  alt: string | null | undefined,
  title?: string | null,
): ElementContent {
  const text: Text = { type: 'text', value: alt || url || '' };
  if (!url) return text;
  const link: Element = {
    type: 'element',
    tagName: 'a',
    properties: { href: url, ...(title ? { title } : {}) },
    children: [text],
  };
  return link;
}

/** Spec 4.6 rule 5: raw HTML is shown as text (escaped on output); a block of it as a paragraph. */
function htmlAsText(_state: State, node: Html, parent: Parents | undefined): ElementContent {
  const text: Text = { type: 'text', value: node.value };
  const isBlock = !parent || parent.type === 'root' || parent.type === 'blockquote' || parent.type === 'listItem';
  return isBlock ? { type: 'element', tagName: 'p', properties: {}, children: [text] } : text;
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype, {
    handlers: {
      html: htmlAsText,
      image: (_state: State, node: Image) => imageAsLink(node.url, node.alt, node.title),
      imageReference: (state: State, node: ImageReference) => {
        const definition = state.definitionById.get(String(node.identifier).toUpperCase());
        return imageAsLink(definition?.url, node.alt, definition?.title);
      },
    },
  });

/**
 * Converts GitHub Flavored Markdown (tables, fenced code, task lists,
 * strikethrough, autolinks) to sanitised HTML.
 */
export function markdownToHtml(markdown: string): string {
  const tree = processor.runSync(processor.parse(markdown)) as Root;
  return sanitizeTree(tree);
}
