import { startLocalServer } from "./startLocalServer";

/** A loopback server answering every request with these bytes (a recording, an attachment). */
export const startFileServer = (bytes: Buffer, contentType: string) =>
  startLocalServer((_request, response) => {
    response.setHeader("content-type", contentType);
    response.end(bytes);
  });
