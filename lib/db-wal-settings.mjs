// What server.mjs's SQLite checkpointer thread (lib/db-wal-checkpointer.mjs) and the serving connections
// (lib/db-core.ts) agree on; a module of its own so the app's bundle does not take in the thread.

/**
 * The database URL (as lib/env.ts resolves DATABASE_URL) whose SQLite file server.mjs's thread checkpoints,
 * set for the processes it serves with: their connections to it leave checkpoints to that thread.
 */
export const BACKGROUND_CHECKPOINTS_ENV = "HUB_SQLITE_BACKGROUND_CHECKPOINTS";
/** The serving connections' own checkpoint threshold while the thread runs (pages; 64 MiB at 4 KiB). */
export const SAFETY_NET_PAGES = 16_384;
