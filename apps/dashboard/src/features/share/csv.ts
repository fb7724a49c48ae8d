/**
 * A small RFC 4180 CSV reader and writer for the personal links' recipients and their download:
 * fields separated by commas, quoted with `"` (a quote inside written twice), records ended by CRLF
 * or LF; a byte-order mark at the start is dropped. Blank lines are skipped.
 *
 * ```ts
 * parseCsv('email,name\r\n"a@example.com","Lee, Ann"\r\n'); // [['email', 'name'], ['a@example.com', 'Lee, Ann']]
 * ```
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    row.push(field);
    field = '';
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
  };
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') endRow();
    else if (c === '\r') {
      if (text[i + 1] === '\n') i++;
      endRow();
    } else field += c;
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

/**
 * One CSV field: quoted when it holds a comma, a quote or a line break; a leading `=`, `+`, `-` or
 * `@` gets a `'` first, so a spreadsheet opening the file reads text, not a formula.
 */
function csvField(value: string): string {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows as CSV text, CRLF after each record. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}

/** A recipient of a personal link, as the create route takes it. */
export interface Recipient {
  email?: string;
  prefill?: Record<string, string>;
}

/**
 * The recipients of a CSV whose first row names its columns: `email` (any case) is the address,
 * every other column a prefill parameter (a field's id); an empty cell prefills nothing. A CSV
 * with a single column and no `email` header is read as a list of addresses.
 */
export function recipientsOf(rows: readonly (readonly string[])[]): Recipient[] {
  if (rows.length === 0) return [];
  const header = rows[0]!.map((h) => h.trim());
  const emailAt = header.findIndex((h) => h.toLowerCase() === 'email');
  if (emailAt === -1 && header.length === 1 && header[0]!.includes('@')) {
    return rows.map((r) => ({ email: r[0]!.trim() }));
  }
  return rows.slice(1).map((r) => {
    const recipient: Recipient = {};
    const prefill: Record<string, string> = {};
    header.forEach((name, i) => {
      const cell = (r[i] ?? '').trim();
      if (cell === '' || name === '') return;
      if (i === emailAt) recipient.email = cell;
      else prefill[name] = cell;
    });
    if (Object.keys(prefill).length > 0) recipient.prefill = prefill;
    return recipient;
  });
}
