import type { SessionCaller } from './auth-context.ts';

export interface CachedSession {
  sessionId: string;
  /** The user's id, or the operator's. */
  userId: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  /** `last_seen_at` as this instance knows it (it may lag behind other instances' writes). */
  lastSeenAt: number;
  /** When the entry was read from the database; older entries are read again. */
  cachedAt: number;
  auth: SessionCaller;
}

/**
 * Token hash -> session, user and permissions, so an authenticated call needs no query. Entries are
 * dropped when the database announces a change (see auth-events.ts); `generation` moves on at every
 * drop, and a database read started before a drop is not cached (it may predate the change).
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  private currentGeneration = 0;

  constructor(private readonly maxEntries = 10_000) {}

  get generation(): number {
    return this.currentGeneration;
  }

  get size(): number {
    return this.entries.size;
  }

  get(tokenHash: string): CachedSession | undefined {
    return this.entries.get(tokenHash);
  }

  /** Stores the entry unless something was dropped since `generation` was read. */
  set(tokenHash: string, entry: CachedSession, generation: number): void {
    if (generation !== this.currentGeneration) return;
    if (!this.entries.has(tokenHash) && this.entries.size >= this.maxEntries) {
      // Oldest first (Map keeps insertion order).
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(tokenHash, entry);
  }

  delete(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  dropUsers(userIds: ReadonlySet<string>): void {
    this.currentGeneration += 1;
    for (const [key, entry] of this.entries) if (userIds.has(entry.userId)) this.entries.delete(key);
  }

  dropSessions(sessionIds: ReadonlySet<string>): void {
    this.currentGeneration += 1;
    for (const [key, entry] of this.entries) if (sessionIds.has(entry.sessionId)) this.entries.delete(key);
  }

  clear(): void {
    this.currentGeneration += 1;
    this.entries.clear();
  }
}
