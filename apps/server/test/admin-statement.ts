import pg from 'pg';

/** Runs one statement on the server's maintenance connection (create or drop a database). */
export async function adminStatement(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
