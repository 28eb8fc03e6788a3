/**
 * Bodies already in memory as plain bytes or text, read without a round trip through a body stream:
 * the node:http mount (`npm run chat-server`) has buffered a request's bytes before it builds its
 * BufferedRequest, and a JSON answer is a string before it becomes a `Response`. The Web objects
 * still carry the same body (a handler or a framework reading `request.body` sees it); these are only
 * the shortcut to it.
 */
import { BufferedRequest } from "./bufferedRequest";

const responseTexts = new WeakMap<Response, string>();

/**
 * The buffered bytes of a BufferedRequest's body, once (a second read finds none, as a consumed stream
 * would), or undefined for another Request.
 */
export function takeBufferedBody(request: Request): Buffer | undefined {
  return request instanceof BufferedRequest ? request.takeBody() : undefined;
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
