import { describe, expect, it } from 'vitest';
import { buildVcard, escapeVcardText, foldVcardLine, vcardFilename, type VcardInput } from './vcard';

const encoder = new TextEncoder();
const strictDecoder = new TextDecoder('utf-8', { fatal: true });

function makeCard(overrides: Partial<VcardInput> = {}): VcardInput {
  return {
    name: 'Jane Doe',
    jobTitle: 'Head of Sales',
    organisation: 'Acme Corp',
    department: 'Sales',
    email: 'jane@acme.example',
    officePhone: '+1 555 0100',
    mobilePhone: '+1 555 0199',
    phone: '+1 555 0000',
    website: 'https://acme.example',
    linkedin: 'https://www.linkedin.com/in/janedoe',
    photoUrl: 'https://cdn.example/photos/jane.jpg',
    note: null,
    cardUrl: 'https://cardcrew.example/card/abc123DEF456',
    ...overrides,
  };
}

/** Splits the raw UTF-8 bytes at CRLF, so the check is on octets, not on JS string units. */
function physicalLineBytes(vcard: string): Uint8Array[] {
  const bytes = encoder.encode(vcard);
  const lines: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length - 1; i++) {
    if (bytes[i] === 0x0d && bytes[i + 1] === 0x0a) {
      lines.push(bytes.slice(start, i));
      start = i + 2;
      i++;
    }
  }
  expect(start).toBe(bytes.length); // the file ends with CRLF
  return lines;
}

/** RFC 6350 §3.2 unfolding: remove every CRLF followed by one space. */
const unfold = (vcard: string) => vcard.replace(/\r\n /g, '').split('\r\n').slice(0, -1);

/** The value of the first content line with this exact property (name plus parameters). */
function valueOf(vcard: string, property: string): string | undefined {
  const line = unfold(vcard).find((l) => l.startsWith(`${property}:`));
  return line?.slice(property.length + 1);
}

const unescapeText = (value: string) =>
  value.replace(/\\([\\,;nN])/g, (_m, c: string) => (c.toLowerCase() === 'n' ? '\n' : c));

describe('buildVcard', () => {
  it('writes a complete vCard 3.0 in the documented order', () => {
    expect(unfold(buildVcard(makeCard({ note: 'Met at the expo' })))).toEqual([
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Jane Doe',
      'N:Doe;Jane;;;',
      'ORG:Acme Corp;Sales',
      'TITLE:Head of Sales',
      'EMAIL;TYPE=INTERNET:jane@acme.example',
      'TEL;TYPE=WORK,VOICE:+1 555 0100',
      'TEL;TYPE=CELL:+1 555 0199',
      'URL:https://acme.example',
      'URL;TYPE=LinkedIn:https://www.linkedin.com/in/janedoe',
      'URL;TYPE=Card:https://cardcrew.example/card/abc123DEF456',
      'PHOTO;VALUE=URI:https://cdn.example/photos/jane.jpg',
      'NOTE:Met at the expo',
      'END:VCARD',
    ]);
  });

  it('ends every line, including the last, with CRLF and has no bare LF or CR', () => {
    const vcard = buildVcard(makeCard({ note: 'a\nb\rc\r\nd' }));
    expect(vcard.endsWith('END:VCARD\r\n')).toBe(true);
    expect(vcard.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('writes only name lines for a card with just a name', () => {
    expect(unfold(buildVcard({ name: 'Jane Doe' }))).toEqual([
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Jane Doe',
      'N:Doe;Jane;;;',
      'END:VCARD',
    ]);
  });

  it('takes the last word as the family name and the rest as given names', () => {
    expect(valueOf(buildVcard({ name: '  Mary  Ann van Dyke ' }), 'N')).toBe('Dyke;Mary Ann van;;;');
    expect(valueOf(buildVcard({ name: '  Mary  Ann van Dyke ' }), 'FN')).toBe('Mary  Ann van Dyke');
  });

  it('puts a single-word name in the family name', () => {
    expect(valueOf(buildVcard({ name: 'Cher' }), 'N')).toBe('Cher;;;;');
  });

  it('falls back to the e-mail, then to Contact, for a blank name', () => {
    expect(valueOf(buildVcard({ name: '  ', email: 'x@y.example' }), 'FN')).toBe('x@y.example');
    expect(valueOf(buildVcard({ name: '' }), 'FN')).toBe('Contact');
  });

  it('writes ORG with the organisation alone or with the department', () => {
    expect(valueOf(buildVcard({ name: 'A B', organisation: 'Acme' }), 'ORG')).toBe('Acme');
    expect(valueOf(buildVcard({ name: 'A B', department: 'Sales' }), 'ORG')).toBe(';Sales');
    expect(buildVcard({ name: 'A B', organisation: ' ', department: null })).not.toContain('ORG');
  });

  it('writes the generic phone only when there is neither an office nor a mobile number', () => {
    const onlyGeneric = buildVcard(makeCard({ officePhone: null, mobilePhone: '' }));
    expect(valueOf(onlyGeneric, 'TEL;TYPE=VOICE')).toBe('+1 555 0000');
    expect(onlyGeneric).not.toContain('TYPE=CELL');

    const withMobile = buildVcard(makeCard({ officePhone: null }));
    expect(withMobile).not.toContain('TEL;TYPE=VOICE');
    expect(valueOf(withMobile, 'TEL;TYPE=CELL')).toBe('+1 555 0199');

    const withOffice = buildVcard(makeCard({ mobilePhone: null }));
    expect(withOffice).not.toContain('TEL;TYPE=VOICE');
  });

  it('omits empty and whitespace-only values', () => {
    const vcard = buildVcard({
      name: 'Jane Doe',
      jobTitle: '   ',
      email: '',
      website: null,
      linkedin: undefined,
      photoUrl: ' ',
      note: '',
    });
    expect(unfold(vcard)).toHaveLength(5);
  });

  describe('escaping text values (RFC 6350 §3.4)', () => {
    it('escapes backslash, comma and semicolon', () => {
      expect(escapeVcardText('a\\b,c;d')).toBe('a\\\\b\\,c\\;d');
    });

    it('writes every kind of newline as \\n', () => {
      expect(escapeVcardText('one\r\ntwo\nthree\rfour')).toBe('one\\ntwo\\nthree\\nfour');
    });

    it('escapes the backslash before adding escapes of its own', () => {
      expect(escapeVcardText('\\,')).toBe('\\\\\\,');
      expect(escapeVcardText('C:\\new')).toBe('C:\\\\new');
    });

    it('drops control characters but keeps tabs', () => {
      expect(escapeVcardText('a\u0000b\u0007c\td\u007f')).toBe('abc\td');
    });

    it('escapes each component of N and ORG but keeps the separators', () => {
      const vcard = buildVcard({ name: 'Smith, Jr. O;Brien', organisation: 'Acme; Inc.', department: 'R,D' });
      expect(valueOf(vcard, 'FN')).toBe('Smith\\, Jr. O\\;Brien');
      expect(valueOf(vcard, 'N')).toBe('O\\;Brien;Smith\\, Jr.;;;');
      expect(valueOf(vcard, 'ORG')).toBe('Acme\\; Inc.;R\\,D');
    });

    it('escapes title, note and e-mail so they read back unchanged', () => {
      const note = 'Line one, with comma; and semicolon\\backslash\nLine two';
      const vcard = buildVcard({ name: 'A B', jobTitle: 'CEO, Founder', note });
      expect(valueOf(vcard, 'TITLE')).toBe('CEO\\, Founder');
      expect(unescapeText(valueOf(vcard, 'NOTE') ?? '')).toBe(note);
    });
  });

  describe('URI values', () => {
    it('are written without text escaping', () => {
      const url = 'https://example.com/a,b;c?x=1,2';
      const vcard = buildVcard({ name: 'A B', website: url, photoUrl: url, linkedin: url });
      expect(valueOf(vcard, 'URL')).toBe(url);
      expect(valueOf(vcard, 'PHOTO;VALUE=URI')).toBe(url);
      expect(valueOf(vcard, 'URL;TYPE=LinkedIn')).toBe(url);
    });

    it('have newlines stripped so they cannot inject properties', () => {
      const vcard = buildVcard({
        name: 'A B',
        website: 'https://example.com/\r\nEMAIL:evil@x.example',
        photoUrl: 'https://cdn.example/p\n.jpg',
      });
      expect(valueOf(vcard, 'URL')).toBe('https://example.com/EMAIL:evil@x.example');
      expect(valueOf(vcard, 'PHOTO;VALUE=URI')).toBe('https://cdn.example/p.jpg');
      expect(unfold(vcard).filter((l) => l.startsWith('EMAIL'))).toEqual([]);
    });

    it('are left out unless they are http(s)', () => {
      const vcard = buildVcard({
        name: 'A B',
        website: 'javascript:alert(1)',
        linkedin: 'data:text/html,x',
        photoUrl: 'ftp://x.example/p.jpg',
      });
      expect(unfold(vcard)).toEqual(['BEGIN:VCARD', 'VERSION:3.0', 'FN:A B', 'N:B;A;;;', 'END:VCARD']);
    });

    it('injection through a text value stays inside its line', () => {
      const vcard = buildVcard({ name: 'Eve\r\nEND:VCARD\r\nBEGIN:VCARD', jobTitle: 'x\nTEL:123' });
      const lines = unfold(vcard);
      expect(lines.filter((l) => l === 'END:VCARD')).toHaveLength(1);
      expect(lines.filter((l) => l.startsWith('TEL'))).toEqual([]);
    });
  });

  describe('folding at 75 octets', () => {
    const longNotes = [
      'x'.repeat(300),
      'é'.repeat(120), // 2 bytes each
      '日本語の名刺'.repeat(20), // 3 bytes each
      '👋🏽 hello,'.repeat(30), // 4-byte characters, ASCII and escapes mixed
      `a${'€'.repeat(100)}`, // misaligned 3-byte characters
    ];

    it.each(longNotes.map((note, i) => [i, note] as const))(
      'keeps every physical line within 75 bytes (case %i)',
      (_i, note) => {
        const vcard = buildVcard(makeCard({ note, jobTitle: note, organisation: note }));
        for (const line of physicalLineBytes(vcard)) {
          expect(line.length).toBeLessThanOrEqual(75);
          expect(() => strictDecoder.decode(line)).not.toThrow(); // no multi-byte character split across lines
        }
      },
    );

    it.each(longNotes.map((note, i) => [i, note] as const))(
      'restores the original value when unfolded (case %i)',
      (_i, note) => {
        const vcard = buildVcard({ name: 'A B', note });
        expect(unescapeText(valueOf(vcard, 'NOTE') ?? '')).toBe(note);
      },
    );

    it('folds with CRLF and a single space and fills lines to the limit', () => {
      const folded = foldVcardLine(`NOTE:${'x'.repeat(200)}`);
      const lines = folded.split('\r\n');
      expect(lines.map((l) => l.length)).toEqual([75, 75, 57]); // 205 = 75 + 74 + 56, continuations add a space
      expect(lines.slice(1).every((l) => l.startsWith(' ') && !l.startsWith('  '))).toBe(true);
    });

    it('does not fold a line of exactly 75 bytes', () => {
      const line = `NOTE:${'x'.repeat(70)}`;
      expect(foldVcardLine(line)).toBe(line);
      expect(foldVcardLine(`${line}x`)).toBe(`${line}\r\n x`);
    });

    it('moves a multi-byte character that would cross the limit to the next line', () => {
      const folded = foldVcardLine(`${'x'.repeat(74)}é`);
      expect(folded).toBe(`${'x'.repeat(74)}\r\n é`);
    });

    it('folds long URIs too and unfolding restores them', () => {
      const url = `https://cdn.example/${'p'.repeat(150)}.jpg`;
      const vcard = buildVcard({ name: 'A B', photoUrl: url });
      expect(vcard).toContain('\r\n ');
      expect(valueOf(vcard, 'PHOTO;VALUE=URI')).toBe(url);
    });
  });
});

describe('vcardFilename', () => {
  it.each([
    ['Jane Doe', 'Jane-Doe.vcf'],
    ['  Jane   Doe  ', 'Jane-Doe.vcf'],
    ['José Núñez', 'Jose-Nunez.vcf'],
    ["O'Brien / Sales", 'O-Brien-Sales.vcf'],
    ['../../etc/passwd', 'etc-passwd.vcf'],
    ['李小龍', 'contact.vcf'],
    ['', 'contact.vcf'],
    ['---', 'contact.vcf'],
  ])('makes %j into %j', (name, file) => {
    expect(vcardFilename(name)).toBe(file);
  });

  it('falls back to contact.vcf for a missing name', () => {
    expect(vcardFilename(null)).toBe('contact.vcf');
    expect(vcardFilename(undefined)).toBe('contact.vcf');
  });

  it('keeps the name part to 64 characters without a trailing dash', () => {
    const file = vcardFilename(`${'a'.repeat(63)} ${'b'.repeat(10)}`);
    expect(file).toBe(`${'a'.repeat(63)}.vcf`);
  });
});

describe('buildVcard: optional card fields', () => {
  const lines = (input: VcardInput) => buildVcard(input).replace(/\r\n /g, '').split('\r\n');

  it('carries pronouns and bio in the note, the booking link and more links labelled, the office address as a work address', () => {
    const out = lines({
      name: 'Grace Hopper',
      pronouns: 'she/her',
      note: 'Wrote the first compiler.\nLoves nanoseconds.',
      bookingUrl: 'https://cal.example/grace',
      officeAddress: '1 Navy Way\nArlington, VA',
      links: [{ label: 'Portfolio; work', url: 'https://grace.example/work' }],
    });
    expect(out).toContain('NOTE:Pronouns: she/her\\nWrote the first compiler.\\nLoves nanoseconds.');
    expect(out).toContain('item1.URL:https://cal.example/grace');
    expect(out).toContain('item1.X-ABLabel:Book a meeting');
    expect(out).toContain('item2.URL:https://grace.example/work');
    expect(out).toContain('item2.X-ABLabel:Portfolio\\; work');
    expect(out).toContain('ADR;TYPE=WORK:;;1 Navy Way\\nArlington\\, VA;;;;');
    expect(out).toContain('LABEL;TYPE=WORK:1 Navy Way\\nArlington\\, VA');
  });

  it('leaves out links that are not http(s) and writes nothing for absent fields', () => {
    const out = lines({ name: 'Grace Hopper', bookingUrl: 'javascript:alert(1)', links: [{ label: 'Bad', url: 'data:text/html,x' }] });
    expect(out.join('\n')).not.toMatch(/item\d|ADR|NOTE|javascript|data:/);
  });
});
