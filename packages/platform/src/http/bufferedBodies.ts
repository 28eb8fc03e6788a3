/**
 * Bodies already in memory as plain bytes or text, kept beside the Web `Request`/`Response` that carry
 * them, so the node:http mount (`npm run chat-server`) and the handlers skip a round trip through a
 * body stream: the mount has buffered a request's bytes before it builds the `Request`, and a JSON
 * answer is a string before it becomes a `Response`. The Web objects still carry the same body (a
 * handler or a framework reading `request.body` sees it); these are only the shortcut to it.
 */
const requestBodies = new WeakMap<Request, Buffer>();
const responseTexts = new WeakMap<Response, string>();

/** `request`, whose body the caller built from `body` (the same bytes). */
export function withBufferedBody(request: Request, body: Buffer): Request {
  requestBodies.set(request, body);
  return request;
}

/**
 * The buffered bytes of `request`'s body, once (a second read finds none, as a consumed stream
 * would), or undefined when its body was never buffered.
 */
export function takeBufferedBody(request: Request): Buffer | undefined {
  const body = requestBodies.get(request);
  if (body) requestBodies.delete(request);
  return body;
}

/** `response`, whose body the caller built from `text`. */
export function withBufferedText(response: Response, text: string): Response {
  responseTexts.set(response, text);
  return response;
}

/** The text `response`'s body was built from, when it was registered with withBufferedText. */
export function bufferedTextOf(response: Response): string | undefined {
  return responseTexts.get(response);
}
