import { promises as dns } from "node:dns";
import { errorCodeOf } from "../caughtError";
import { integrationsEnv } from "../env";

/** What a TXT lookup found: the record's strings (each record's chunks joined), none, or no answer. */
export type TxtLookup =
  | { status: "found"; values: string[] }
  | { status: "none" }
  | { status: "failed"; code: string };

// Definite answers that the name has no TXT record; anything else (timeout, SERVFAIL, refused) is a failure.
const noRecordCodes = new Set<string>([dns.NOTFOUND, dns.NODATA]);

/**
 * The TXT records of `name`, asked of the resolvers in DNS_SERVERS (`host` or `host:port`, comma
 * separated) or, without it, the system's. Each lookup waits at most 3 s per try, 2 tries.
 */
export async function lookupTxtRecords(
  name: string,
  servers: readonly string[] = integrationsEnv.DNS_SERVERS,
): Promise<TxtLookup> {
  const resolver = new dns.Resolver({ timeout: 3_000, tries: 2 });
  if (servers.length > 0) resolver.setServers(servers);
  try {
    const records = await resolver.resolveTxt(name);
    return { status: "found", values: records.map((chunks) => chunks.join("")) };
  } catch (error) {
    const code = errorCodeOf(error) ?? "EUNKNOWN";
    return noRecordCodes.has(code) ? { status: "none" } : { status: "failed", code };
  }
}
