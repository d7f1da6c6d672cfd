import pg from "pg";

/**
 * A new database on the PostgreSQL server `serverUrl` reaches (its user needs CREATEDB), for a test
 * file or a benchmark run that must not see anyone else's rows: empty, or a copy of `template` (a
 * database nobody is connected to). `drop` removes it, closing whatever connections are still open to it.
 */
export async function createScratchDatabase(serverUrl: string, prefix: string, template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${pg.escapeIdentifier(template)}` : ""}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
