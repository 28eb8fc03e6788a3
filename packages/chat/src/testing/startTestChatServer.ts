import type { AddressInfo } from "node:net";
import type { WebHandler } from "../core/http/routeChatEndpoints";
import { createChatServer } from "../server/createChatServer";

/** A chat mount (`createTestChat().chat`) on a node:http server on a free port of 127.0.0.1 (this process). */
export async function startTestChatServer(handle: WebHandler) {
  const { server, close } = createChatServer({ origin: "http://127.0.0.1", handle });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, close: () => close(1_000) };
}
