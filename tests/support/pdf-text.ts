// Reads the text a PDF shows, without a PDF library: inflates each content stream (FlateDecode, node:zlib) and collects
// the strings of the text operators Tj, TJ, ' and " — hex (<48656c6c6f>, what pdf-lib writes for standard fonts) and
// literal ((Hello)) — decoded as single-byte WinAnsi text. Enough for the documents CardCrew renders itself.
import { inflateSync } from 'node:zlib';

/** The content of every stream in the file, inflated when it is compressed (streams that are not text yield nothing). */
function streamsOf(pdf: Buffer): string[] {
  const out: string[] = [];
  const binary = pdf.toString('latin1');
  const pattern = /<<((?:[^<>]|<<(?:[^<>]|<<[^<>]*>>)*>>|<[^<>]*>)*)>>\s*stream\r?\n/g;
  for (let match = pattern.exec(binary); match; match = pattern.exec(binary)) {
    const start = match.index + match[0].length;
    const end = binary.indexOf('endstream', start);
    if (end < 0) break;
    const data = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(match[1]!)) {
      try {
        out.push(inflateSync(data).toString('latin1'));
      } catch {
        // a stream of another kind (an image, a font program) that does not inflate on its own
      }
    } else {
      out.push(data.toString('latin1'));
    }
    pattern.lastIndex = end;
  }
  return out;
}

function decodeLiteral(body: string): string {
  return body.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, esc: string) => {
    const simple: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\' };
    return simple[esc] ?? String.fromCharCode(parseInt(esc, 8));
  });
}

function decodeHex(hex: string): string {
  const digits = hex.replace(/\s+/g, '');
  const padded = digits.length % 2 ? `${digits}0` : digits;
  return Buffer.from(padded, 'hex').toString('latin1');
}

/** The strings shown by one content stream, in order, each operator's text as one entry. */
function shownStrings(content: string): string[] {
  const shown: string[] = [];
  const string = String.raw`<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\)`;
  const operator = new RegExp(String.raw`(${string})\s*(?:Tj|'|")|\[((?:\s*(?:${string}|-?[\d.]+))*)\s*\]\s*TJ`, 'g');
  const decode = (token: string) => (token.startsWith('<') ? decodeHex(token.slice(1, -1)) : decodeLiteral(token.slice(1, -1)));
  for (const match of content.matchAll(operator)) {
    if (match[1]) shown.push(decode(match[1]));
    else if (match[2] !== undefined) shown.push([...match[2].matchAll(new RegExp(string, 'g'))].map((m) => decode(m[0])).join(''));
  }
  return shown;
}

/** Every string the PDF shows, page content in file order. */
export function pdfStrings(pdf: Buffer | Uint8Array): string[] {
  return streamsOf(Buffer.from(pdf)).flatMap(shownStrings);
}

/** The PDF's text as one string, each shown string on its own line. */
export function pdfText(pdf: Buffer | Uint8Array): string {
  return pdfStrings(pdf).join('\n');
}

/** Pages of the document: /Type /Page objects, in the file or in its compressed object streams. */
export function pdfPageCount(pdf: Buffer | Uint8Array): number {
  const buffer = Buffer.from(pdf);
  return [buffer.toString('latin1'), ...streamsOf(buffer)].reduce((n, text) => n + (text.match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length, 0);
}
