/** A minimal chat client over HTTP (fetch) for the reliability and conversation tests. */
export function createChatClient(baseUrl: string, token: string) {
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  };
  return {
    post,
    startChat: (publicId: string, body: unknown = {}, headers?: Record<string, string>) =>
      post(`/bots/${publicId}/startChat`, body, headers),
    continueChat: (sessionId: string, message: unknown, headers?: Record<string, string>) =>
      post(`/sessions/${sessionId}/continueChat`, { message }, headers),
  };
}
