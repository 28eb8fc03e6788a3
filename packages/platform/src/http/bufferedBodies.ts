/**
 * Bodies already in memory as plain bytes or text, read without a round trip through a body stream:
 * the node:http mount (`npm run chat-server`) has buffered a request's bytes before it builds its
 * BufferedRequest, and a JSON answer is a string before it becomes a TextResponse. The Web objects
 * still carry the same body (a handler or a framework reading `request.body` sees it); these are only
 * the shortcut to it.
 */
import { BufferedRequest } from "./bufferedRequest";
import { TextResponse } from "./textResponse";

/**
 * The buffered bytes of a BufferedRequest's body, once (a second read finds none, as a consumed stream
 * would), or undefined for another Request.
 */
export function takeBufferedBody(request: Request): Buffer | undefined {
  return request instanceof BufferedRequest ? request.takeBody() : undefined;
}

/** The text a TextResponse's body is (jsonTextResponse), without reading its body; undefined for another Response. */
export function bufferedTextOf(response: Response): string | undefined {
  return response instanceof TextResponse ? response.bufferedText : undefined;
}
