import ipaddr from "ipaddr.js";

export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

/** Why an address is (not) reachable: `public` is the only category requests may go to without an allow-list entry. */
export type AddressCategory =
  | "public"
  | "loopback"
  | "unspecified"
  | "private"
  | "linkLocal"
  | "carrierGradeNat"
  | "multicast"
  | "broadcast"
  | "reserved"
  | "metadata";

export interface ClassifiedAddress {
  /** The address that is really reached: the embedded IPv4 for IPv4-mapped, NAT64 and 6to4 forms. */
  ip: IpAddress;
  /** Canonical text of `ip` (dotted quad, or RFC 5952 IPv6). */
  address: string;
  category: AddressCategory;
  /** The finer range name (ipaddr.js naming, or ours), for messages. */
  range: string;
}

/** Cloud instance metadata endpoints (AWS, GCP, Azure, Oracle, ECS, Alibaba Cloud). */
const metadataAddresses = ["169.254.169.254", "169.254.170.2", "100.100.100.200", "fd00:ec2::254"].map(
  (text) => ipaddr.parse(text),
);

const ipv4CategoryOfRange: Record<string, AddressCategory> = {
  unicast: "public",
  unspecified: "unspecified",
  broadcast: "broadcast",
  multicast: "multicast",
  linkLocal: "linkLocal",
  loopback: "loopback",
  carrierGradeNat: "carrierGradeNat",
  private: "private",
};

const ipv6CategoryOfRange: Record<string, AddressCategory> = {
  unicast: "public",
  unspecified: "unspecified",
  linkLocal: "linkLocal",
  multicast: "multicast",
  loopback: "loopback",
  uniqueLocal: "private",
  deprecatedSiteLocal: "private",
};

/** IPv6 ranges whose last 32 bits (or bits 16..48 for 6to4) designate an IPv4 host. */
const embeddingRanges = new Set(["ipv4Mapped", "rfc6145", "rfc6052", "6to4"]);
const localNat64 = ipaddr.parseCIDR("64:ff9b:1::/48");

/**
 * Parses an IP literal (dotted-quad IPv4, or IPv6 with or without brackets) and says what it designates.
 * Returns null for anything that is not an IP literal (a host name). Every range that ipaddr.js does not call
 * `unicast` is non-public (deny by default).
 */
export function classifyAddress(text: string): ClassifiedAddress | null {
  const literal = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  if (ipaddr.IPv4.isValidFourPartDecimal(literal)) return classifyIp(ipaddr.IPv4.parse(literal));
  if (ipaddr.IPv6.isValid(literal)) return classifyIp(ipaddr.IPv6.parse(literal));
  return null;
}

function classifyIp(parsed: IpAddress): ClassifiedAddress {
  const ip = unwrapEmbeddedIpv4(parsed);
  const address = ip instanceof ipaddr.IPv6 ? ip.toRFC5952String() : ip.toString();
  if (
    metadataAddresses.some(
      (metadata) => metadata.kind() === ip.kind() && metadata.toString() === ip.toString(),
    )
  ) {
    return { ip, address, category: "metadata", range: "metadata" };
  }
  if (ip instanceof ipaddr.IPv4) {
    const range = ip.range();
    return { ip, address, category: ipv4CategoryOfRange[range] ?? "reserved", range };
  }
  const ipv6 = ip;
  if (isIpv4Compatible(ipv6)) return { ip, address, category: "reserved", range: "ipv4Compatible" };
  if (ipv6.match(localNat64)) return { ip, address, category: "private", range: "localNat64" };
  const range = ipv6.range();
  return { ip, address, category: ipv6CategoryOfRange[range] ?? "reserved", range };
}

function unwrapEmbeddedIpv4(ip: IpAddress): IpAddress {
  if (ip instanceof ipaddr.IPv4) return ip;
  const ipv6 = ip;
  const range = ipv6.range();
  if (!embeddingRanges.has(range) || ipv6.match(localNat64)) return ip;
  const parts = ipv6.parts;
  const [high, low] = range === "6to4" ? [parts[1]!, parts[2]!] : [parts[6]!, parts[7]!];
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/** Deprecated `::a.b.c.d` form (RFC 4291 2.5.5.1); `::` and `::1` are classified on their own. */
function isIpv4Compatible(ip: ipaddr.IPv6): boolean {
  const parts = ip.parts;
  return parts.slice(0, 6).every((part) => part === 0) && (parts[6] !== 0 || parts[7]! > 1);
}
