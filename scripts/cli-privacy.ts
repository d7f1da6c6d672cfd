/**
 * `dakiya privacy …` (docs/privacy.md): the bodies of the privacy commands, dispatched from scripts/cli.ts.
 * Bad arguments are a UsageError (or DakiyaError `not_found` for a workspace), which the CLI prints
 * as one line with exit code 2.
 */
import type { Db } from "../server/db";
import { eraseBuyerData, parseAsOf, purgeExpiredPersonalData, setRetention } from "../server/privacy";
import { requireWorkspace } from "../server/workspaces";
import { need, print, strictValues, UsageError } from "./cli-args";

export async function privacyCommand(verb: string, argv: string[], db: Db): Promise<void> {
  switch (verb) {
    case "retention": {
      const values = strictValues(argv, { workspace: { type: "string" }, days: { type: "string" } });
      const workspaceId = need(values.workspace, "--workspace");
      const days = need(values.days, "--days");
      if (!/^\d{1,4}$/.test(days)) throw new UsageError(`--days must be a whole number from 30 to 730 (got "${days.slice(0, 40)}")`);
      await requireWorkspace(db, workspaceId);
      const settings = await setRetention(db, workspaceId, Number(days));
      print(values.json === true, { workspace_id: workspaceId, ...settings }, `Workspace ${workspaceId} keeps buyers' data for ${settings.retention_days} days.`);
      return;
    }
    case "erase": {
      const values = strictValues(argv, { workspace: { type: "string" }, "order-id": { type: "string" } });
      const workspaceId = need(values.workspace, "--workspace");
      const orderId = need(values["order-id"], "--order-id");
      if (orderId.length > 128) throw new UsageError("--order-id must be at most 128 characters");
      await requireWorkspace(db, workspaceId);
      const erasure = await eraseBuyerData(db, workspaceId, { order_id: orderId }, { keyId: null, member: null });
      const r = erasure.redacted;
      print(
        values.json === true,
        erasure,
        `Erasure ${erasure.erasure_id}: redacted ${r.verifications} verifications, ${r.confirmations} confirmations, ${r.batch_rows} batch rows, ${r.webhook_deliveries} webhook deliveries.`,
      );
      return;
    }
    case "purge": {
      const values = strictValues(argv, { "as-of": { type: "string" } });
      let asOf: Date | undefined;
      if (values["as-of"] !== undefined) {
        try {
          asOf = parseAsOf(need(values["as-of"], "--as-of"));
        } catch {
          throw new UsageError(`--as-of must be a date YYYY-MM-DD (got "${String(values["as-of"]).slice(0, 40)}")`);
        }
      }
      const result = await purgeExpiredPersonalData(db, { asOf });
      const r = result.redacted;
      print(
        values.json === true,
        result,
        `Purge as of ${result.as_of}: redacted ${r.verifications} verifications in ${result.workspaces} workspaces, ${r.confirmations} confirmations, ${r.batch_rows} batch rows, ${r.webhook_deliveries} webhook deliveries.`,
      );
      return;
    }
    default:
      throw new UsageError(`unknown command "privacy ${verb}"; run with --help`);
  }
}
