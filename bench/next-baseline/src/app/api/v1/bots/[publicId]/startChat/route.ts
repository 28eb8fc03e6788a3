import { handleBaselineStart } from "../../../../../../baselineTurn";

export async function POST(request: Request, context: { params: Promise<{ publicId: string }> }) {
  const { publicId } = await context.params;
  const body = await request.json();
  const result = await handleBaselineStart(publicId, request.headers.get("authorization"), body);
  return Response.json(result.body, { status: result.status });
}
