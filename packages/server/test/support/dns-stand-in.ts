import { createSocket, type RemoteInfo } from 'node:dgram';
import * as packet from 'dns-packet';

/**
 * A real DNS server on 127.0.0.1 (UDP, a free port) answering TXT questions from a table the test
 * fills: `txt(name, values)` sets the record, `fail(name)` answers SERVFAIL, anything else is
 * NXDOMAIN. Point the server's resolver at it with `FORMLOOM_DNS_SERVERS` (`address`).
 */
export interface DnsStandIn {
  /** `127.0.0.1:<port>`, as FORMLOOM_DNS_SERVERS takes it. */
  address: string;
  txt(name: string, values: string[]): void;
  fail(name: string): void;
  clear(): void;
  /** The names asked, in order. */
  asked: string[];
  close(): Promise<void>;
}

export async function startDnsStandIn(): Promise<DnsStandIn> {
  const records = new Map<string, string[] | 'servfail'>();
  const asked: string[] = [];
  const socket = createSocket('udp4');
  socket.on('message', (message: Buffer, from: RemoteInfo) => {
    let query: packet.Packet;
    try {
      query = packet.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (question === undefined) return;
    const name = question.name.toLowerCase();
    asked.push(name);
    const found = records.get(name);
    // The response code sits in the flags' last four bits: 2 SERVFAIL, 3 NXDOMAIN.
    const rcode = found === 'servfail' ? 2 : found === undefined ? 3 : 0;
    const answer: packet.Packet = {
      id: query.id,
      type: 'response',
      flags: packet.RECURSION_DESIRED | packet.RECURSION_AVAILABLE | rcode,
      questions: query.questions,
      answers:
        Array.isArray(found) && question.type === 'TXT'
          ? found.map((value) => ({ type: 'TXT' as const, name: question.name, ttl: 60, data: value }))
          : [],
    };
    socket.send(packet.encode(answer), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  return {
    address: `127.0.0.1:${port}`,
    txt: (name, values) => records.set(name.toLowerCase(), values),
    fail: (name) => records.set(name.toLowerCase(), 'servfail'),
    clear: () => records.clear(),
    asked,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
