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
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
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
