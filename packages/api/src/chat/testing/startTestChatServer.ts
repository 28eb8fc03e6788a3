import type { AddressInfo } from "node:net";
import { handleHealthRequest } from "../../health";
import { type ChatHandlers, findChatHandler } from "../createChatHandlers";
import { createChatServer } from "../server/createChatServer";

/** The chat handlers on a node:http server on a free port of 127.0.0.1 (this process). */
export async function startTestChatServer(handlers: ChatHandlers) {
  const { server, close } = createChatServer({
    origin: "http://127.0.0.1",
    route: (pathname) =>
      pathname === "/api/health" ? handleHealthRequest : findChatHandler(handlers, pathname),
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, close: () => close(1_000) };
}
