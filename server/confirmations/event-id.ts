import { Prisma } from "../generated/prisma/client";

/** The id of a confirmation's `address.confirmed` event (`cnf_x` → `evt_x_confirmed`), the same on every delivery. */
export function confirmedEventId(confirmationId: string): string {
  return `evt_${confirmationId.slice(4)}_confirmed`;
}

/** The same id computed in SQL, so a redaction finds a confirmation's deliveries by their index. */
export function confirmedEventIdSql(confirmationId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`'evt_' || substr(${confirmationId}, 5) || '_confirmed'`;
}
