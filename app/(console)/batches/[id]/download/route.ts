import { headers } from "next/headers";
import { toApiError } from "~/server/api/errors";
import { ResultsDownloadQuery } from "~/server/api/routers/console";
import { resultsCsv } from "~/server/batches/results";
import { config } from "~/server/config";
import { createConsoleContext } from "~/server/console/context";
import { DakiyaError } from "~/server/errors";
import { newId } from "~/server/ids";

/**
 * The results CSV for a signed-in member, every row or just those matching the query's filter
 * (`decision`, `status`, `order_id`: ResultsDownloadQuery), streamed as the file. Errors come back as
 * plain text with the request id.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  const requestId = newId("req");
  try {
    const ctx = await createConsoleContext({ headers: await headers(), requestId, origin: config().DAKIYA_PUBLIC_URL ?? new URL(request.url).origin });
    const query = ResultsDownloadQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) throw new DakiyaError("invalid_request", "The download's filter is not one the console offers.", { details: query.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })) });
    const body = await resultsCsv(ctx.db, ctx.caller!.workspaceId, id, query.data);
    return new Response(body, {
      headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${id}.csv"`, "X-Request-Id": requestId, "Cache-Control": "no-store" },
    });
  } catch (err) {
    const e = toApiError(err);
    if (e.status === 500) console.error(`[${requestId}] console download ${id} failed:`, err);
    return new Response(`${e.message}\nError ${e.code}, request id ${requestId}\n`, { status: e.status, headers: { "content-type": "text/plain; charset=utf-8", "X-Request-Id": requestId } });
  }
}
