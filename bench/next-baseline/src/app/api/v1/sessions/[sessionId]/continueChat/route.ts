import { handleBaselineTurn } from "../../../../../../baselineTurn";

export async function POST(request: Request, context: { params: Promise<{ sessionId: string }> }) {
  const { sessionId } = await context.params;
  const body = await request.json();
  const result = await handleBaselineTurn(sessionId, request.headers.get("authorization"), body);
  return Response.json(result.body, { status: result.status });
}
