/** Statuses whose response has no body (the Fetch standard's null body statuses). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * A `Response` whose body is a text at hand (a JSON answer, jsonTextResponse): a real `Response` for its
 * status and headers (`instanceof Response` holds; Next's route handlers mount the same handlers), built
 * without a body, whose body members (`body`, `text()`, `json()`, `clone()`, …) answer from that text through
 * an undici `Response` made the first time one of them is read. The node:http mount writes `text` as it is
 * and never reads them: a JSON answer makes no body stream there (about 12 µs of a `Response` with a body,
 * docs/chat-runtime.md).
 */
export class TextResponse extends Response {
  readonly #text: string;
  #withBody: Response | undefined;

  constructor(text: string, init: ResponseInit) {
    if (NULL_BODY_STATUSES.has(init.status ?? 200))
      throw new TypeError(`A response with status ${init.status} has no body`);
    super(null, init);
    this.#text = text;
    // As a Response built with a text body: one without a Content-Type says plain text.
    if (!this.headers.has("content-type")) this.headers.set("content-type", "text/plain;charset=UTF-8");
  }

  /** The body's text, without reading it (the body stays unused). */
  get bufferedText(): string {
    return this.#text;
  }

  /** The same response with its body, built once: its body members are this response's. */
  withBody(): Response {
    this.#withBody ??= new Response(this.#text, {
      status: this.status,
      statusText: this.statusText,
      headers: this.headers,
    });
    return this.#withBody;
  }

  override arrayBuffer() {
    return this.withBody().arrayBuffer();
  }
  override blob() {
    return this.withBody().blob();
  }
  override bytes() {
    return this.withBody().bytes();
  }
  override formData() {
    return this.withBody().formData();
  }
  override json() {
    return this.withBody().json();
  }
  override text() {
    return this.withBody().text();
  }
  override clone(): Response {
    if (this.bodyUsed) throw new TypeError("Response.clone: the body has already been consumed");
    return new TextResponse(this.#text, {
      status: this.status,
      statusText: this.statusText,
      headers: this.headers,
    });
  }

  static {
    // `body` and `bodyUsed` are accessors of Response.prototype: overridden the same way.
    Object.defineProperties(TextResponse.prototype, {
      body: {
        configurable: true,
        enumerable: true,
        get(this: TextResponse) {
          return this.withBody().body;
        },
      },
      bodyUsed: {
        configurable: true,
        enumerable: true,
        get(this: TextResponse) {
          return this.#withBody?.bodyUsed ?? false;
        },
      },
    });
  }
}
