import { describe, expect, it } from 'vitest';
import { escapeHtml, headTags, withHead } from './html-head.ts';

describe('head tags', () => {
  const hostile = `</title><script>alert('x')</script> "Tubos & Hnos" > 'uno'`;

  it('escape every character that could end a text, an attribute or a tag', () => {
    expect(escapeHtml(hostile)).toBe('&lt;/title&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &quot;Tubos &amp; Hnos&quot; &gt; &#39;uno&#39;');
  });

  it('hostile titles, descriptions and URLs stay text: no tag, attribute or quote escapes', () => {
    const tags = headTags({ title: hostile, description: hostile, url: `https://arreglaya.do/contractors/"><script>`, image: `https://x.do/'onerror='a` });
    // Only the tags the builder writes; no markup from the values.
    expect(tags.match(/<[a-z]+/g)).toEqual(['<title', '<meta', '<link', '<meta', '<meta', '<meta', '<meta', '<meta', '<meta', '<meta', '<meta']);
    expect(tags).not.toMatch(/<\/?script/);
    expect(tags).toContain(`<title>&lt;/title&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &quot;Tubos &amp; Hnos&quot; &gt; &#39;uno&#39;</title>`);
    expect(tags).toContain('<link rel="canonical" href="https://arreglaya.do/contractors/&quot;&gt;&lt;script&gt;" />');
    expect(tags).toContain(`<meta property="og:image" content="https://x.do/&#39;onerror=&#39;a" />`);
    // Every attribute value is one quoted string: the quotes in the output are the builder's own.
    for (const line of tags.split('\n')) expect(line.replace(/="[^"]*"/g, '').includes('"')).toBe(false);
  });

  it('take the place of the shell title and description, after its charset', () => {
    const html = withHead('<!doctype html><head><meta charset="UTF-8" /><meta name="description" content="old" /><title>Old</title></head>', '<title>Nuevo</title>');
    expect(html).toBe('<!doctype html><head><meta charset="UTF-8" />\n    <title>Nuevo</title></head>');
  });
});
