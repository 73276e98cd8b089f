import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../src/content/html.ts';
import { renderContent } from '../../src/content/render.ts';

const md = (text: string) => renderContent(text, 'markdown', 'text', 1);

describe('markdown content (spec 4.6)', () => {
  it('converts GFM tables', async () => {
    expect(await md('| Name | Qty |\n|:--|--:|\n| apple | 2 |')).toBe(
      '<table>\n<thead>\n<tr>\n<th align="left">Name</th>\n<th align="right">Qty</th>\n</tr>\n</thead>\n' +
        '<tbody>\n<tr>\n<td align="left">apple</td>\n<td align="right">2</td>\n</tr>\n</tbody>\n</table>',
    );
  });

  it('converts fenced code, keeping the language class and escaping its text', async () => {
    expect(await md('```js\nif (a < b && c > d) {}\n```')).toBe(
      '<pre><code class="language-js">if (a &lt; b &amp;&amp; c &gt; d) {}\n</code></pre>',
    );
    expect(await md('~~~\nplain\n~~~')).toBe('<pre><code>plain\n</code></pre>');
  });

  it('converts task lists to disabled checkboxes', async () => {
    expect(await md('- [x] done\n- [ ] open')).toBe(
      '<ul class="contains-task-list">\n' +
        '<li class="task-list-item"><input type="checkbox" checked disabled> done</li>\n' +
        '<li class="task-list-item"><input type="checkbox" disabled> open</li>\n</ul>',
    );
  });

  it('turns an image into a link, never an <img>', async () => {
    expect(await md('![Screenshot](https://img.test/s.png)')).toBe('<p><a href="https://img.test/s.png">Screenshot</a></p>');
    expect(await md('![t](https://img.test/t.png "Title")')).toBe(
      '<p><a href="https://img.test/t.png" title="Title">t</a></p>',
    );
    expect(await md('![ref image][r]\n\n[r]: https://img.test/r.png')).toBe(
      '<p><a href="https://img.test/r.png">ref image</a></p>',
    );
    expect(await md('![](https://img.test/no-alt.png)')).toBe(
      '<p><a href="https://img.test/no-alt.png">https://img.test/no-alt.png</a></p>',
    );
    expect(await md('![a](https://x.test/a.png) ![b](https://x.test/b.png)')).not.toContain('<img');
  });

  it('falls back to the alt text for an image without URL', async () => {
    expect(await md('![only the alt]()')).toBe('<p>only the alt</p>');
    expect(await md('![empty target](<>)')).toBe('<p>empty target</p>');
    expect(await md('See ![logo]() here')).toBe('<p>See logo here</p>');
  });

  it('shows raw HTML as escaped text', async () => {
    expect(await md('Hello <script>alert(1)</script>')).toBe('<p>Hello &lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(await md('<script>alert(1)</script>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(await md('<img src=x onerror=alert(1)>')).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
    expect(await md('a <b>b</b>')).toBe('<p>a &lt;b&gt;b&lt;/b&gt;</p>');
  });

  // Inside a list item, HTML is parsed as a block of its own (another code path than a paragraph).
  it('shows raw HTML inside list items and task items as escaped text', async () => {
    expect(await md('- <script>alert(1)</script>')).toBe('<ul>\n<li>&lt;script&gt;alert(1)&lt;/script&gt;</li>\n</ul>');
    expect(await md('1. item\n\n   <img src=x onerror=alert(1)>')).toBe(
      '<ol>\n<li>\n<p>item</p>\n<p>&lt;img src=x onerror=alert(1)&gt;</p>\n</li>\n</ol>',
    );
    expect(await md('- [ ] <b onclick=x>task</b>')).toBe(
      '<ul class="contains-task-list">\n<li class="task-list-item"><input type="checkbox" disabled> &lt;b onclick=x&gt;task&lt;/b&gt;</li>\n</ul>',
    );
  });

  it('drops unsafe link targets but keeps the text', async () => {
    expect(await md('[click](javascript:alert(1))')).toBe('<p><a>click</a></p>');
    expect(await md('[ok](https://ok.test)')).toBe('<p><a href="https://ok.test">ok</a></p>');
  });

  it('keeps the usual markdown: emphasis, headings, strikethrough, autolinks', async () => {
    expect(await md('# Title\n\n**b** _i_ ~~s~~ https://auto.test')).toBe(
      '<h1>Title</h1>\n<p><strong>b</strong> <em>i</em> <del>s</del> <a href="https://auto.test">https://auto.test</a></p>',
    );
  });
});

describe('HTML content', () => {
  it('is the default and is sanitised: scripts, handlers, styles and unsafe URLs go', async () => {
    expect(await renderContent('<p onclick="steal()">Hi <b>there</b></p>', null, 'text', 1)).toBe('<p>Hi <b>there</b></p>');
    expect(await renderContent('<script>alert(1)</script><style>p{}</style>ok', 'html', 'text', 1)).toBe('ok');
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a><a href="https://a.test" target="_blank">y</a>')).toBe(
      '<a>x</a><a href="https://a.test">y</a>',
    );
    expect(sanitizeHtml('<img src="https://i.test/a.png" onerror="x()" alt="a">')).toBe(
      '<img src="https://i.test/a.png" alt="a">',
    );
    expect(sanitizeHtml('<iframe src="https://evil.test"></iframe><object>x</object>')).toBe('x');
  });

  it('keeps text as text: entities decoded then re-escaped, stray < shown, tags repaired as HTML5 parsers do', () => {
    expect(sanitizeHtml('Tom &amp; Jerry &copy; &#169; 1 < 2')).toBe('Tom &amp; Jerry © © 1 &lt; 2');
    expect(sanitizeHtml('plain text')).toBe('plain text');
    expect(sanitizeHtml('<b>bold <i>both')).toBe('<b>bold <i>both</i></b>');
    expect(sanitizeHtml('<!-- hidden -->shown')).toBe('shown');
    // A stray </p> opens an empty paragraph in HTML5, exactly as browsers render it.
    expect(sanitizeHtml('<p>a</p></div></p>b')).toBe('<p>a</p><p></p>b');
  });

  it('an opened and never closed style, script or title keeps the rest of the description, as text', async () => {
    const rest = 'Hello <b>team</b>, the plan for Monday: ship it.';
    expect(sanitizeHtml(`<p>Intro</p><math><mtext><table><mglyph><style>${rest}`)).toBe(
      '<p>Intro</p>Hello &lt;b&gt;team&lt;/b&gt;, the plan for Monday: ship it.<table></table>',
    );
    expect(sanitizeHtml(`<p>a</p><style>${rest}`)).toBe('<p>a</p>Hello &lt;b&gt;team&lt;/b&gt;, the plan for Monday: ship it.');
    expect(sanitizeHtml('<p>a</p><script>alert(1)')).toBe('<p>a</p>alert(1)');
    expect(sanitizeHtml('<title>Notes')).toBe('Notes');
    // Markup inside a kept element is sanitised like any other.
    expect(sanitizeHtml('<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>')).toBe(
      '&lt;img src=x onerror=alert(1)&gt;<table></table>',
    );
    expect(sanitizeHtml('<noscript><script>alert(1)</script><b>x</b>')).toBe('<b>x</b>');
    // Closed ones go with their content, as before; through the render pool as well.
    expect(sanitizeHtml('<style>p{color:red}</style>after')).toBe('after');
    expect(await renderContent(`<p>a</p><style>${rest}`, 'html', 'description', 1)).toContain('the plan for Monday: ship it.');
  });

  it('keeps GitHub-style task list markup and tables', () => {
    const list = '<ul class="contains-task-list"><li class="task-list-item"><input type="checkbox" checked disabled> a</li></ul>';
    expect(sanitizeHtml(list)).toBe(list);
    // HTML5 parsing adds the implied <tbody>.
    expect(sanitizeHtml('<table><tr><td colspan="2">x</td></tr></table>')).toBe('<table><tbody><tr><td colspan="2">x</td></tr></tbody></table>');
  });

  it('markdown is not interpreted in HTML mode', async () => {
    expect(await renderContent('**not bold**', null, 'text', 1)).toBe('**not bold**');
  });
});

describe('content_type', () => {
  it.each(['rtf', 'HTML', 'Markdown', 'text', ''])('%j is refused naming contentType', async (type) => {
    await expect(renderContent('x', type, 'text', 1)).rejects.toThrow(
      expect.objectContaining({ code: 'VALIDATION', field: 'contentType' }),
    );
  });

  it('an unknown type is refused even for empty text (updates without a description check it too)', async () => {
    await expect(renderContent('', 'rtf', 'text', 1)).rejects.toThrow(expect.objectContaining({ code: 'VALIDATION', field: 'contentType' }));
    expect(await renderContent('', 'markdown', 'text', 1)).toBe('');
    expect(await renderContent('', null, 'text', 1)).toBe('');
  });

  it('null or undefined means html', async () => {
    expect(await renderContent('<b>x</b>', null, 'text', 1)).toBe('<b>x</b>');
    expect(await renderContent('<b>x</b>', undefined, 'text', 1)).toBe('<b>x</b>');
  });
});
