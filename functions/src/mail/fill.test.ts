// The template filler (fill.ts): every value escaped, URLs checked by where they stand, sections shown, repeated or
// dropped, and a template or a caller's mistake an error rather than a wrong mail.
import { describe, expect, it } from 'vitest';
import { fillTemplate, parseTemplate } from './fill';

describe('fillTemplate', () => {
  it('escapes every value in text and in attributes', () => {
    const html = fillTemplate('<p title="{{name}}">Hi {{name}}</p>', { name: `<script>alert("x")</script> & 'o'` });
    expect(html).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;o&#39;">Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;o&#39;</p>',
    );
  });

  it('takes only an http(s) URL in href and src, escaped', () => {
    expect(fillTemplate('<a href="{{link}}">x</a>', { link: 'https://x.example/a?b=1&c="2"' })).toBe(
      '<a href="https://x.example/a?b=1&amp;c=&quot;2&quot;">x</a>',
    );
    expect(fillTemplate('<img alt="" src="{{logo}}"/>', { logo: 'http://localhost:3300/media/l.png' })).toContain(
      'src="http://localhost:3300/media/l.png"',
    );
    for (const link of ['javascript:alert(1)', 'data:text/html,<script>', 'not a url', '//evil.example']) {
      expect(() => fillTemplate('<a href="{{link}}">x</a>', { link })).toThrow(/URL/);
    }
  });

  it('takes only a plain address after mailto:', () => {
    expect(fillTemplate('<a href="mailto:{{email}}">x</a>', { email: 'help@bright.example' })).toBe(
      '<a href="mailto:help@bright.example">x</a>',
    );
    for (const email of ['a@b.example?bcc=x@evil.example', 'a b@c.example', 'nobody']) {
      expect(() => fillTemplate('<a href="mailto:{{email}}">x</a>', { email })).toThrow(/e-mail address/);
    }
  });

  it('does not treat a value in text after an attribute as a URL', () => {
    expect(
      fillTemplate('<a href="{{link}}">{{link}}</a> {{note}}', { link: 'https://x.example/', note: 'javascript:no' }),
    ).toBe('<a href="https://x.example/">https://x.example/</a> javascript:no');
  });

  it('shows a section for true or a string, once per item of a list, never for false, null or an empty list', () => {
    const template =
      '{{#on}}[on]{{/on}}{{^on}}[off]{{/on}}{{#notes}}<i>{{notes}}</i>{{/notes}}<ul>{{#rows}}<li>{{label}}={{value}} of {{who}}</li>{{/rows}}</ul>';
    expect(
      fillTemplate(template, {
        on: true,
        notes: 'a<b',
        rows: [
          { label: 'x', value: '1' },
          { label: 'y', value: '<2>' },
        ],
        who: 'Erin',
      }),
    ).toBe('[on]<i>a&lt;b</i><ul><li>x=1 of Erin</li><li>y=&lt;2&gt; of Erin</li></ul>');
    expect(fillTemplate(template, { on: false, notes: null, rows: [], who: 'Erin' })).toBe('[off]<ul></ul>');
    expect(fillTemplate(template, { on: null, notes: '', rows: [], who: 'Erin' })).toBe('[off]<ul></ul>');
  });

  it('looks a name up in the nearest scope first (list item, the mail, then the brand)', () => {
    expect(
      fillTemplate(
        '{{#rows}}{{name}}{{/rows}} {{name}} {{brandName}}',
        { rows: [{ name: 'item' }], name: 'mail' },
        { brandName: 'brand', name: 'ignored' },
      ),
    ).toBe('item mail brand');
  });

  it('fails on a missing value, a value that is not text, and a broken template', () => {
    expect(() => fillTemplate('Hi {{name}}', {})).toThrow('no value for {{name}}');
    expect(() => fillTemplate('Hi {{name}}', { name: null })).toThrow('must be text');
    expect(() => parseTemplate('{{#a}}x')).toThrow('never closed');
    expect(() => parseTemplate('{{#a}}x{{/b}}')).toThrow('closes a');
    expect(() => parseTemplate('x{{/b}}')).toThrow('closes nothing');
    expect(() => parseTemplate('<a href="https://x/{{path}}">')).toThrow('whole attribute');
    expect(() => parseTemplate('<p style="color:{{colour}}">')).toThrow('style attribute');
    expect(() => parseTemplate('<img onerror="{{x}}"/>')).toThrow('onerror attribute');
  });

  it('never evaluates what a value holds: tokens inside values stay text', () => {
    expect(fillTemplate('{{a}}', { a: '{{b}} {{#c}}', b: 'no' })).toBe('{{b}} {{#c}}');
  });
});
