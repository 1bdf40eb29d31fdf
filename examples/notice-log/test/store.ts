// Which store these tests run on: a new SQLite file each time by default; a MongoDB (or FerretDB)
// server when PLUGIN_TEST_MONGODB_URL names one (the platform's testing helpers make a fresh
// database on it). Inside the platform's own repository, its FerretDB pass (TEST_STORE=ferretdb)
// lends its FerretDB server, so the example runs on both stores in the platform's CI.
export async function testDatabaseUrl(): Promise<string | undefined> {
  if (process.env.PLUGIN_TEST_MONGODB_URL || process.env.TEST_STORE !== 'ferretdb') return undefined;
  const { freshMongoUrl } = await import('../../../test/helpers/mongodb.js');
  return freshMongoUrl(false);
}
