import dns2 from 'dns2';

const { Packet } = dns2;

/** What the test DNS server knows: per name, its MX and A records; `hang` never answers (a timeout). */
export interface DnsZone {
  mx?: Record<string, string>;
  a?: Record<string, string>;
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
      queries.push(`${question?.type === Packet.TYPE.MX ? 'MX' : question?.type === Packet.TYPE.A ? 'A' : 'AAAA'} ${name}`);
      if (zone.hang?.includes(name)) return;
      const known = name in (zone.mx ?? {}) || name in (zone.a ?? {});
      if (question?.type === Packet.TYPE.MX && zone.mx?.[name]) {
        response.answers.push({ name, type: Packet.TYPE.MX, class: Packet.CLASS.IN, ttl: 300, exchange: zone.mx[name], priority: 10 });
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
