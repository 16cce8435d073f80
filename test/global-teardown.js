export default async function globalTeardown() {
  await globalThis.__testPostgres?.stop();
}
