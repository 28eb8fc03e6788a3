import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { viewerUrl } from "./bots";

/** A page of another site (its own origin) that loads /embed.js from the viewer and runs `script`. */
export async function serveHostPage(script: string): Promise<{ url: string; server: Server }> {
  const html = `<!doctype html><html lang="en"><head><title>Another site</title></head><body>
<main><h1>Acme Inc.</h1><p>Our own page, with our own styles.</p>
<button type="button" id="talk">Talk to us</button>
<div id="parley-chat" style="height:600px"></div></main>
<style>button{background:red}p{color:green}</style>
<script src="${viewerUrl}/embed.js"></script>
<script>${script}</script></body></html>`;
  const server = createServer((_, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}
