import { createSocket } from "node:dgram";
import dnsPacket from "dns-packet";

const NXDOMAIN = 3;

export interface LocalDnsServer {
  /** `127.0.0.1:<port>`, what a resolver's `nameserver` line takes. */
  address: string;
  /** Replaces the IPv4 addresses `name` resolves to (none: the name does not exist). */
  setAddresses(name: string, addresses: string[]): void;
  close(): Promise<void>;
}

/**
 * A DNS server on 127.0.0.1 (UDP) answering A queries from a table, as a container platform's
 * resolver answers a scaled service's name with one address per instance. AAAA queries get an empty
 * answer; unknown names NXDOMAIN. Records live one second, so resolvers see changes quickly.
 */
export async function startLocalDnsServer(records: Record<string, string[]> = {}): Promise<LocalDnsServer> {
  const table = new Map(Object.entries(records).map(([name, addresses]) => [name.toLowerCase(), addresses]));
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
    const addresses = table.get(question.name.toLowerCase());
    const answers: dnsPacket.Answer[] =
      question.type === "A" && addresses
        ? addresses.map((data) => ({ type: "A", name: question.name, ttl: 1, class: "IN", data }))
        : [];
    const response = dnsPacket.encode({
      id: query.id,
      type: "response",
      // Authoritative, recursion desired and available; the low four bits are the response code.
      flags:
        dnsPacket.AUTHORITATIVE_ANSWER |
        dnsPacket.RECURSION_DESIRED |
        dnsPacket.RECURSION_AVAILABLE |
        (addresses ? 0 : NXDOMAIN),
      questions: [question],
      answers,
    });
    socket.send(response, peer.port, peer.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("error", reject);
    socket.bind(0, "127.0.0.1", () => resolve());
  });
  return {
    address: `127.0.0.1:${socket.address().port}`,
    setAddresses: (name, addresses) => {
      table.set(name.toLowerCase(), addresses);
    },
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
