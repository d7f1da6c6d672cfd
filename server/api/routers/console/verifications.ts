import { z } from "zod";
import { findVerifications } from "../../../verification";
import { memberProcedure } from "../../trpc";
import { ORDER_ID_MAX_LENGTH } from "../../../../lib/shared";

/** Earlier verifications by id or order id (the Verify page's look-up). */
export const verificationProcedures = {
  /** Earlier verifications (test and live) by verification id or order id. */
  findVerifications: memberProcedure
    .input(z.object({ query: z.string().trim().min(1, "enter a verification id or an order id").max(ORDER_ID_MAX_LENGTH) }))
    .query(({ ctx, input }) => findVerifications(ctx.db, ctx.caller.workspaceId, input.query)),
};
