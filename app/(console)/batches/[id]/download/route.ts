import { headers } from "next/headers";
import { toApiError } from "~/server/api/errors";
import { appRouter } from "~/server/api/root";
import { createCallerFactory } from "~/server/api/trpc";
import { config } from "~/server/config";
import { createConsoleContext } from "~/server/console/context";
import { newId } from "~/server/ids";

const createCaller = createCallerFactory(appRouter);

/**
 * The results CSV for a signed-in member: the REST download procedure (batches.download) called
 * with the session's context, its stream sent as the file. Errors come back as plain text with the request id.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  const requestId = newId("req");
  try {
    const ctx = await createConsoleContext({ headers: await headers(), requestId, origin: config().DAKIYA_PUBLIC_URL ?? new URL(request.url).origin });
    await createCaller(ctx).batches.download({ batch_id: id });
    const raw = ctx.response.raw!;
    return new Response(raw.body, { headers: { ...raw.headers, "X-Request-Id": requestId, "Cache-Control": "no-store" } });
  } catch (err) {
    const e = toApiError(err);
    if (e.status === 500) console.error(`[${requestId}] console download ${id} failed:`, err);
    return new Response(`${e.message}\nError ${e.code}, request id ${requestId}\n`, { status: e.status, headers: { "content-type": "text/plain; charset=utf-8", "X-Request-Id": requestId } });
  }
}
