import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database-handle.ts';
import { scanDownloads, scanRulers, scanSurfaces } from '../../db/schema.ts';

export type SurfaceRow = typeof scanSurfaces.$inferInsert;
export type RulerRow = typeof scanRulers.$inferInsert;

/**
 * What processing derived from a scan (its surfaces and virtual rulers) and the download addresses
 * of its original. Every query filters by company, but the token lookup (the token is the secret).
 */
export class ScanOutputsRepository {
  constructor(private readonly db: DbExecutor) {}

  /** Replaces a scan's surfaces and rulers (a job run again writes them anew). */
  async replace(companyId: string, scanId: string, surfaces: SurfaceRow[], rulers: RulerRow[]) {
    await this.db
      .delete(scanSurfaces)
      .where(and(eq(scanSurfaces.companyId, companyId), eq(scanSurfaces.scanId, scanId)));
    await this.db
      .delete(scanRulers)
      .where(and(eq(scanRulers.companyId, companyId), eq(scanRulers.scanId, scanId)));
    if (surfaces.length > 0) await this.db.insert(scanSurfaces).values(surfaces);
    if (rulers.length > 0) await this.db.insert(scanRulers).values(rulers);
  }

  async surfaces(companyId: string, scanIds: readonly string[]) {
    if (scanIds.length === 0) return [];
    return this.db
      .select()
      .from(scanSurfaces)
      .where(and(eq(scanSurfaces.companyId, companyId), inArray(scanSurfaces.scanId, [...scanIds])))
      .orderBy(asc(scanSurfaces.scanId), asc(scanSurfaces.index));
  }

  async rulers(companyId: string, scanIds: readonly string[]) {
    if (scanIds.length === 0) return [];
    return this.db
      .select()
      .from(scanRulers)
      .where(and(eq(scanRulers.companyId, companyId), inArray(scanRulers.scanId, [...scanIds])))
      .orderBy(asc(scanRulers.scanId), asc(scanRulers.surfaceIndex), asc(scanRulers.valueIndex));
  }

  async addDownload(download: { tokenHash: string; companyId: string; scanId: string; minutes: number }) {
    const [row] = await this.db
      .insert(scanDownloads)
      .values({
        tokenHash: download.tokenHash,
        companyId: download.companyId,
        scanId: download.scanId,
        expiresAt: sql`now() + make_interval(mins => ${download.minutes})`,
      })
      .returning({ expiresAt: scanDownloads.expiresAt });
    // eslint-disable-next-line measure/company-scoped-sql -- every company: expired download addresses are dropped as new ones are made
    await this.db.delete(scanDownloads).where(sql`${scanDownloads.expiresAt} < now() - interval '1 day'`);
    return row as { expiresAt: Date };
  }

  /** An unexpired download address by its token's hash (the token is the secret). */
  async download(tokenHash: string) {
    const [row] = await this.db
      .select({ companyId: scanDownloads.companyId, scanId: scanDownloads.scanId })
      .from(scanDownloads)
      // eslint-disable-next-line measure/company-scoped-sql -- reached by its token's hash (the token is the secret) before any company context exists, like a report download
      .where(sql`${scanDownloads.tokenHash} = ${tokenHash} and ${scanDownloads.expiresAt} > now()`);
    return row;
  }
}
