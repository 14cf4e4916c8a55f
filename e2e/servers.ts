// How many servers the browser specs run on, each with a database of its own: one per browser thread
// (vitest.config.ts, poolOptions.threads), so two specs never share a server. One for now: several specs read the
// demo accounts as an earlier spec left them, so a spec's server must see the specs before it in their usual order.
export const E2E_SERVERS = 1;
