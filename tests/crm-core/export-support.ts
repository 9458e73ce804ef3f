import { promisify } from 'node:util';
import yauzl from 'yauzl';

// Reading back what POST /export produced: the ZIP's entries (with yauzl, the reader of the
// ZIP format) and a strict RFC 4180 reader, so a test sees exactly what a spreadsheet would.

const fromBuffer = promisify<Buffer, yauzl.Options, yauzl.ZipFile>(yauzl.fromBuffer);

// Every entry of the ZIP, by name, inflated.
export async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await fromBuffer(bytes, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true });
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', reject);
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return entries;
}

// RFC 4180: CRLF between records, fields in double quotes may hold commas, quotes (doubled) and
// line breaks. Refuses anything else (a bare quote inside an unquoted field, a lone LF between
// records), so a test fails on output a spreadsheet would misread.
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let index = 0;
  let quoted = false;
  while (index < text.length) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 2;
      } else if (char === '"') {
        quoted = false;
        index += 1;
        if (index < text.length && text[index] !== ',' && text[index] !== '\r')
          throw new Error(`characters after a closing quote at ${index}`);
      } else {
        field += char;
        index += 1;
      }
    } else if (char === '"') {
      if (field !== '') throw new Error(`a quote inside an unquoted field at ${index}`);
      quoted = true;
      index += 1;
    } else if (char === ',') {
      record.push(field);
      field = '';
      index += 1;
    } else if (char === '\r' && text[index + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      index += 2;
    } else if (char === '\n' || char === '\r') {
      throw new Error(`a line break outside quotes at ${index}`);
    } else {
      field += char;
      index += 1;
    }
  }
  if (quoted) throw new Error('an unterminated quoted field');
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

export const BOM = '\ufeff';

// A CSV file as objects by header, after checking it starts with the byte order mark.
export function csvTable(bytes: Buffer): { header: string[]; rows: Array<Record<string, string>> } {
  const text = bytes.toString('utf8');
  if (!text.startsWith(BOM)) throw new Error('the file does not start with a UTF-8 byte order mark');
  const [header, ...rows] = parseCsv(text.slice(1));
  if (!header) throw new Error('the file has no header');
  return {
    header,
    rows: rows.map((cells) => {
      if (cells.length !== header.length)
        throw new Error(`a row of ${cells.length} cells under a header of ${header.length}`);
      return Object.fromEntries(header.map((name, position) => [name, cells[position]]));
    }),
  };
}
