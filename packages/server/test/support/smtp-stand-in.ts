import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The whole message as sent: headers and body. */
  raw: string;
}

export interface SmtpStandIn {
  /** For FORMLOOM_SMTP_URL: `smtp://127.0.0.1:<port>`. */
  readonly url: string;
  readonly mails: ReceivedMail[];
  /** Refuse every message (a mail server that is down for sending). */
  refuse: boolean;
  /** The reply code of a refused message: 550 by default (a refused mailbox); 451 is a passing failure. */
  refuseCode: number;
  /** Refuse these recipients at RCPT TO with 550 (an unknown mailbox). */
  readonly unknownRecipients: Set<string>;
  /** Milliseconds to wait before accepting each message's data (a slow server). */
  delayMs: number;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package): no auth, no TLS, mail kept in
 * memory. `port`: listen there (a restart of the same server); default any free port.
 */
export async function startSmtpStandIn(port = 0): Promise<SmtpStandIn> {
  const mails: ReceivedMail[] = [];
  const state = { refuse: false, refuseCode: 550, delayMs: 0 };
  const unknownRecipients = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (unknownRecipients.has(address.address)) {
        callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (state.delayMs > 0) await new Promise((r) => setTimeout(r, state.delayMs));
        if (state.refuse) {
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: state.refuseCode }));
          return;
        }
        mails.push({
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    unknownRecipients,
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value: number) {
      state.delayMs = value;
    },
    get refuse() {
      return state.refuse;
    },
    set refuse(value: boolean) {
      state.refuse = value;
    },
    get refuseCode() {
      return state.refuseCode;
    },
    set refuseCode(value: number) {
      state.refuseCode = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A received message read back: its headers (names in lower case, encoded words decoded) and bodies. */
export interface ParsedMail {
  headers: Record<string, string>;
  /** Every header line as sent, unfolded, before decoding. */
  headerLines: string[];
  text: string;
  html: string;
  /** The parts sent as attachments (`Content-Disposition: attachment`), decoded. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

function decodeBody(body: string, encoding: string | undefined): string {
  const e = (encoding ?? '7bit').toLowerCase();
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (e === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) as text. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
    );
}

function splitHead(raw: string): { lines: string[]; headers: Record<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at + 4);
  const lines = head.replace(/\r\n[ \t]+/g, ' ').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { lines, headers, body };
}

/** The parts of a MIME entity in order, the parts of a nested multipart among them. */
function leafParts(
  head: Record<string, string>,
  body: string,
): { headers: Record<string, string>; body: string }[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(head['content-type'] ?? '')?.[1];
  if (boundary === undefined) return [{ headers: head, body }];
  return body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((p) => splitHead(p.replace(/^\r\n/, '')))
    .flatMap((part) => leafParts(part.headers, part.body));
}

/**
 * Reads a message as nodemailer writes it: one text part, or a multipart/alternative of text and
 * HTML, in a multipart/mixed with its attachments when it has some.
 */
export function parseMail(raw: string): ParsedMail {
  const { lines, headers, body } = splitHead(raw);
  const out: ParsedMail = { headers, headerLines: lines, text: '', html: '', attachments: [] };
  for (const part of leafParts(headers, body)) {
    const type = part.headers['content-type'] ?? 'text/plain';
    const disposition = part.headers['content-disposition'] ?? '';
    if (disposition.startsWith('attachment')) {
      const base64 = (part.headers['content-transfer-encoding'] ?? '').toLowerCase() === 'base64';
      out.attachments.push({
        filename: /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '',
        contentType: type.split(';')[0]!.trim(),
        content: base64 ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64') : Buffer.from(part.body),
      });
      continue;
    }
    const decoded = decodeBody(part.body, part.headers['content-transfer-encoding'])
      .replace(/\r\n/g, '\n')
      .replace(/\n$/, '');
    if (type.startsWith('text/html')) out.html = decoded;
    else out.text = decoded;
  }
  return out;
}
