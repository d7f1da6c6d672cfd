import { router } from "../trpc";
import { batchProcedures } from "./console/batches";
import { keysRouter } from "./console/keys";
import { membersRouter } from "./console/members";
import { policyProcedures } from "./console/policy";
import { verificationProcedures } from "./console/verifications";
import { webhooksRouter } from "./console/webhooks";
import { workspaceProcedures } from "./console/workspace";

/**
 * What only the console needs, beside the REST procedures it also calls: the workspace's keys,
 * members and webhooks, lists and look-ups, one file per area (page) in ./console/. No OpenAPI
 * meta, so none of it is on the REST API. Every procedure reads and writes the signed-in member's
 * workspace only.
 */
export const consoleRouter = router({
  ...workspaceProcedures,
  keys: keysRouter,
  members: membersRouter,
  webhooks: webhooksRouter,
  ...batchProcedures,
  ...policyProcedures,
  ...verificationProcedures,
});
