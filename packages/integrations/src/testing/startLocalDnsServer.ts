import { createSocket } from "node:dgram";
import dnsPacket from "dns-packet";

const NXDOMAIN = 3;

export interface LocalDnsServer {
  /** `127.0.0.1:<port>`, what a resolver's `nameserver` line (or DNS_SERVERS) takes. */
  address: string;
  /** Names asked for, lower-cased, in order (a lookup that never reached the server leaves no trace). */
  queries: string[];
  /** Replaces the IPv4 addresses `name` resolves to (none: the name has no A record). */
  setAddresses(name: string, addresses: string[]): void;
  /** Replaces the TXT strings of `name` (none: the name has no TXT record). */
  setTxtRecord(name: string, values: string[]): void;
  close(): Promise<void>;
}

/**
 * A DNS server on 127.0.0.1 (UDP) answering A queries from a table, as a container platform's
 * resolver answers a scaled service's name with one address per instance, and TXT queries from
 * another (custom domain verification). Other types get an empty answer; names in neither table
 * NXDOMAIN. Records live one second, so resolvers see changes quickly. `port`: a fixed one (a
 * browser test's servers are told it before they start); a free one by default.
 */
export async function startLocalDnsServer(
  records: Record<string, string[]> = {},
  options: { port?: number } = {},
): Promise<LocalDnsServer> {
  const table = new Map(Object.entries(records).map(([name, addresses]) => [name.toLowerCase(), addresses]));
  const texts = new Map<string, string[]>();
  const queries: string[] = [];
  const socket = createSocket("udp4");
  socket.on("message", (message, peer) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    const name = question.name.toLowerCase();
    queries.push(name);
    const addresses = table.get(name);
    const strings = texts.get(name);
    const answers: dnsPacket.Answer[] =
      question.type === "A" && addresses
        ? addresses.map((data) => ({ type: "A", name: question.name, ttl: 1, class: "IN", data }))
        : question.type === "TXT" && strings
          ? strings.map((data) => ({ type: "TXT", name: question.name, ttl: 1, class: "IN", data }))
          : [];
    const response = dnsPacket.encode({
      id: query.id,
      type: "response",
      // Authoritative, recursion desired and available; the low four bits are the response code.
      flags:
        dnsPacket.AUTHORITATIVE_ANSWER |
        dnsPacket.RECURSION_DESIRED |
        dnsPacket.RECURSION_AVAILABLE |
        (addresses || strings ? 0 : NXDOMAIN),
      questions: [question],
      answers,
    });
    socket.send(response, peer.port, peer.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("error", reject);
    socket.bind(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const setOrDelete = (map: Map<string, string[]>, name: string, values: string[]) => {
    if (values.length > 0) map.set(name.toLowerCase(), values);
    else map.delete(name.toLowerCase());
  };
  return {
    address: `127.0.0.1:${socket.address().port}`,
    queries,
    setAddresses: (name, addresses) => setOrDelete(table, name, addresses),
    setTxtRecord: (name, values) => setOrDelete(texts, name, values),
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
