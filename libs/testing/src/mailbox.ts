import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Reads the local mailbox (`<dataDir>/mailbox/*.eml`, written when no SMTP_URL is set) the way
// a mail client would show it, so tests can follow links in mail like a person does.

export interface Mail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

// RFC 2047 encoded words, as nodemailer writes non-ASCII subjects.
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, encoding: string, word: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(word, 'base64').toString('utf8')
      : decodeQuotedPrintable(word.replace(/_/g, ' ')),
  );
}

export function parseMail(file: string, raw: string): Mail {
  const normalised = raw.replace(/\r\n/g, '\n');
  const split = normalised.indexOf('\n\n');
  const head = normalised.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const body = normalised.slice(split + 2);
  const headers = new Map<string, string>();
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { file, to: decodeHeader(headers.get('to') ?? ''), subject: decodeHeader(headers.get('subject') ?? ''), text };
}

// Every mail written so far, oldest first (file names are time-ordered ids).
export function readMailbox(dataDir: string): Mail[] {
  const dir = join(dataDir, 'mailbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parseMail(name, readFileSync(join(dir, name), 'utf8')));
}

// Mail to one address, oldest first.
export function mailTo(dataDir: string, address: string): Mail[] {
  return readMailbox(dataDir).filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()));
}

// The one link in a mail that goes to the given path, e.g. `/v1/public/invitations/`.
export function linkIn(mail: Mail, path: string): string {
  const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
  const matching = links.filter((link) => link.includes(path));
  if (matching.length !== 1)
    throw new Error(`expected one link to ${path} in "${mail.subject}", found ${matching.length}`);
  return matching[0];
}
