import { type LocalDnsServer, startLocalDnsServer } from "@parley/integrations/testing/startLocalDnsServer";

/** The apps ask the DNS server on E2E_DNS_PORT (playwright.config.ts), which another spec may hold a moment. */
export async function startDnsOnSharedPort(): Promise<LocalDnsServer> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      return await startLocalDnsServer({}, { port: Number(process.env.E2E_DNS_PORT) });
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
