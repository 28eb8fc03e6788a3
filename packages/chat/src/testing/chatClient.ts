/** A minimal chat client over HTTP (fetch) for the reliability and conversation tests. */
export function createChatClient(baseUrl: string, token: string) {
  const send = async (method: string, path: string, body: unknown, headers: Record<string, string>) => {
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    // A proxy's own error page (HAProxy's 502/503) is HTML: kept as text.
    const isJson = response.headers.get("content-type")?.includes("json") ?? false;
    const parsed = !text ? null : isJson ? JSON.parse(text) : { text };
    return { status: response.status, body: parsed, headers: response.headers };
  };
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    send("POST", path, body, headers);
  return {
    post,
    get: (path: string, headers: Record<string, string> = {}) => send("GET", path, undefined, headers),
    startChat: (publicId: string, body: unknown = {}, headers?: Record<string, string>) =>
      post(`/bots/${publicId}/startChat`, body, headers),
    continueChat: (sessionId: string, message: unknown, headers?: Record<string, string>) =>
      post(`/sessions/${sessionId}/continueChat`, { message }, headers),
  };
}
