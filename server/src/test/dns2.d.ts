/** The part of dns2 2.x (no types of its own) the test DNS server uses. */
declare module 'dns2' {
  interface Question {
    name: string;
    type: number;
  }
  interface DnsPacket {
    header: { rcode: number };
    questions: Question[];
    answers: Record<string, unknown>[];
  }
  interface DnsServer {
    listen(options: { udp: { port: number; address: string; type: 'udp4' | 'udp6' } }): Promise<void>;
    addresses(): { udp?: { port: number; address: string } };
    close(): Promise<void>;
  }
  const dns2: {
    Packet: {
      TYPE: { A: number; AAAA: number; MX: number; TXT: number };
      CLASS: { IN: number };
      createResponseFromRequest(request: DnsPacket): DnsPacket;
    };
    createServer(options: { udp: boolean; handle: (request: DnsPacket, send: (response: DnsPacket) => void) => void }): DnsServer;
  };
  export default dns2;
}
