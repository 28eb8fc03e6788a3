import { domainToASCII } from "node:url";
import ipaddr from "ipaddr.js";
import { type ClassifiedAddress, classifyAddress, type IpAddress } from "./classifyAddress";

/**
 * Hosts the operator lets outbound requests reach although they are not public: exact host names,
 * `*.suffix` wildcards (sub-domains only), IP addresses and CIDR ranges.
 */
export interface AllowList {
  hostNames: ReadonlySet<string>;
  hostSuffixes: readonly string[];
  addresses: readonly IpAddress[];
  ranges: readonly [IpAddress, number][];
}

export const emptyAllowList: AllowList = {
  hostNames: new Set(),
  hostSuffixes: [],
  addresses: [],
  ranges: [],
};

/** Parses allow-list entries; throws an Error naming the first entry that is none of the accepted forms. */
export function parseAllowList(entries: readonly string[]): AllowList {
  const hostNames = new Set<string>();
  const hostSuffixes: string[] = [];
  const addresses: IpAddress[] = [];
  const ranges: [IpAddress, number][] = [];
  for (const rawEntry of entries) {
    const entry = rawEntry.trim().toLowerCase();
    if (entry === "") continue;
    if (entry.includes("/")) {
      ranges.push(parseRange(entry));
      continue;
    }
    const literal = classifyAddress(entry);
    if (literal) {
      addresses.push(literal.ip);
      continue;
    }
    if (entry.startsWith("*.")) {
      hostSuffixes.push(`.${parseHostName(entry.slice(2), rawEntry)}`);
      continue;
    }
    hostNames.add(parseHostName(entry, rawEntry));
  }
  return { hostNames, hostSuffixes, addresses, ranges };
}

/** The union of two allow-lists (the configured one and a per-call one). */
export function mergeAllowLists(first: AllowList, second: AllowList): AllowList {
  return {
    hostNames: new Set([...first.hostNames, ...second.hostNames]),
    hostSuffixes: [...first.hostSuffixes, ...second.hostSuffixes],
    addresses: [...first.addresses, ...second.addresses],
    ranges: [...first.ranges, ...second.ranges],
  };
}

/** Whether a (lower-case, trailing-dot-free) host name is named by the list. */
export function isHostNameAllowed(list: AllowList, hostName: string): boolean {
  return list.hostNames.has(hostName) || list.hostSuffixes.some((suffix) => hostName.endsWith(suffix));
}

/** Whether the list names this address exactly. */
export function isAddressNamed(list: AllowList, address: ClassifiedAddress): boolean {
  return list.addresses.some((entry) => isSameAddress(entry, address.ip));
}

/** Whether the list names this address exactly or through a CIDR range. */
export function isAddressAllowed(list: AllowList, address: ClassifiedAddress): boolean {
  if (isAddressNamed(list, address)) return true;
  return list.ranges.some(
    ([network, bits]) => network.kind() === address.ip.kind() && address.ip.match(network, bits),
  );
}

function isSameAddress(first: IpAddress, second: IpAddress): boolean {
  return first.kind() === second.kind() && first.toNormalizedString() === second.toNormalizedString();
}

function parseRange(entry: string): [IpAddress, number] {
  const [network = "", bits = ""] = entry.split("/");
  const literal = classifyAddress(network);
  if (!literal || !/^\d{1,3}$/.test(bits) || !ipaddr.isValidCIDR(`${literal.ip.toString()}/${bits}`)) {
    throw new Error(`"${entry}" is not a valid CIDR range`);
  }
  return [literal.ip, Number(bits)];
}

function parseHostName(name: string, rawEntry: string): string {
  const ascii = domainToASCII(name.replace(/\.$/, ""));
  if (ascii === "" || !/^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(ascii)) {
    throw new Error(`"${rawEntry.trim()}" is not a host name, IP address or CIDR range`);
  }
  return ascii;
}
