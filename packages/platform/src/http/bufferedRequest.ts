/**
 * A Web `Request` whose method, URL, headers and body bytes are already in memory: what the node:http mount
 * (`npm run chat-server`) has once it has read a request. Those four are plain fields, and readJsonBody takes
 * the bytes as they are (`takeBufferedBody`); the undici `Request` behind every other member (the body stream,
 * `signal`, `text()`, `clone()`, …) is built the first time one of them is read, from the same method, URL,
 * headers and bytes. The chat endpoints read only the four, so a turn builds no undici `Request` (about 30 µs
 * with its body and headers copy, docs/chat-runtime.md); a handler that reads more gets the same answers as
 * from a `Request` built eagerly.
 */
export class BufferedRequest implements Request {
  readonly method: string;
  /** The absolute URL, serialised as `Request.url` is. */
  readonly url: string;
  readonly headers: Headers;
  readonly #bytes: Buffer | null;
  #isTaken = false;
  #request: Request | undefined;

  constructor(url: URL, method: string, headers: Headers, body: Buffer | null) {
    this.url = url.href;
    this.method = method;
    this.headers = headers;
    this.#bytes = body;
  }

  /**
   * The body's bytes (empty without a body), once: a second call finds none, as takeBufferedBody of a `Request`
   * does, and the caller reads `body` instead (still unread, with the same bytes).
   */
  takeBody(): Buffer | undefined {
    if (this.#isTaken) return undefined;
    this.#isTaken = true;
    return this.#bytes ?? Buffer.alloc(0);
  }

  #web(): Request {
    if (this.#request) return this.#request;
    const bytes = this.#bytes;
    this.#request = new Request(this.url, {
      method: this.method,
      headers: this.headers,
      body:
        bytes === null
          ? null
          : new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength),
    });
    return this.#request;
  }

  get body() {
    return this.#web().body;
  }
  get bodyUsed() {
    return this.#request?.bodyUsed ?? false;
  }
  get cache() {
    return this.#web().cache;
  }
  get credentials() {
    return this.#web().credentials;
  }
  get destination() {
    return this.#web().destination;
  }
  get integrity() {
    return this.#web().integrity;
  }
  get keepalive() {
    return this.#web().keepalive;
  }
  get mode() {
    return this.#web().mode;
  }
  get redirect() {
    return this.#web().redirect;
  }
  get referrer() {
    return this.#web().referrer;
  }
  get referrerPolicy() {
    return this.#web().referrerPolicy;
  }
  get signal() {
    return this.#web().signal;
  }
  arrayBuffer() {
    return this.#web().arrayBuffer();
  }
  blob() {
    return this.#web().blob();
  }
  bytes() {
    return this.#web().bytes();
  }
  formData() {
    return this.#web().formData();
  }
  json() {
    return this.#web().json();
  }
  text() {
    return this.#web().text();
  }
  clone(): Request {
    return this.#web().clone();
  }
}
