import dns2 from 'dns2';

const { Packet } = dns2;

/** What the test DNS server knows: per name, its MX and A records; `hang` never answers (a timeout). */
export interface DnsZone {
  mx?: Record<string, string>;
  a?: Record<string, string>;
  /** TXT records (a DKIM key at `selector._domainkey.domain`, SPF, DMARC). */
  txt?: Record<string, string[]>;
  hang?: string[];
}

/**
 * A real DNS server on loopback (UDP), for tests of lookups: the machine's resolver answers "no such domain" for
 * everything, so tests point DNS_SERVERS here. Names not in the zone answer NXDOMAIN.
 */
export async function startTestDnsServer(zone: DnsZone): Promise<{ server: string; queries: string[]; close(): Promise<void> }> {
  const queries: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = String(question?.name ?? '').toLowerCase();
      const type =
        question?.type === Packet.TYPE.MX
          ? 'MX'
          : question?.type === Packet.TYPE.A
            ? 'A'
            : question?.type === Packet.TYPE.TXT
              ? 'TXT'
              : 'AAAA';
      queries.push(`${type} ${name}`);
      if (zone.hang?.includes(name)) return;
      const known = name in (zone.mx ?? {}) || name in (zone.a ?? {}) || name in (zone.txt ?? {});
      if (question?.type === Packet.TYPE.MX && zone.mx?.[name]) {
        response.answers.push({ name, type: Packet.TYPE.MX, class: Packet.CLASS.IN, ttl: 300, exchange: zone.mx[name], priority: 10 });
      } else if (question?.type === Packet.TYPE.TXT && zone.txt?.[name]) {
        // A record longer than 255 characters goes as several strings, as DNS requires (a 2048-bit DKIM key does).
        for (const text of zone.txt[name]) {
          const data = text.match(/[\s\S]{1,255}/g) ?? [''];
          response.answers.push({ name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 300, data });
        }
      } else if (question?.type === Packet.TYPE.A && zone.a?.[name]) {
        response.answers.push({ name, type: Packet.TYPE.A, class: Packet.CLASS.IN, ttl: 300, address: zone.a[name] });
      } else if (!known) {
        response.header.rcode = 3; // NXDOMAIN
      }
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: '127.0.0.1', type: 'udp4' } });
  const { port } = server.addresses().udp as { port: number };
  return { server: `127.0.0.1:${port}`, queries, close: () => server.close() };
}
