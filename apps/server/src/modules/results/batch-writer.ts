import type { ReadingRow, ResultsRepository, SiteRow } from './results-repository.ts';

/** Values written per statement pair: big enough that statements are few, small enough to overlap. */
const VALUES_PER_WRITE = 12_500;

/**
 * Writes a batch's judged sites a part at a time while the next ones are judged: a part's statements
 * are encoded as soon as it is full and queued behind the parts before it, so PostgreSQL stores one
 * part while JavaScript judges the next. After a failure no later part is sent; `finish` sends the
 * rest and answers when all is stored, `abandon` when nothing is running any more (so the transaction
 * is rolled back only then).
 */
export class BatchWriter {
  private sites: SiteRow[] = [];
  private readings: ReadingRow[] = [];
  private values = 0;
  private written: Promise<void> = Promise.resolve();

  constructor(
    private readonly results: ResultsRepository,
    private readonly companyId: string,
    private readonly taskId: string,
  ) {}

  add(site: SiteRow, readings: readonly ReadingRow[], values: number): void {
    this.sites.push(site);
    this.readings.push(...readings);
    this.values += values;
    if (this.values >= VALUES_PER_WRITE) this.send();
  }

  async finish(): Promise<void> {
    this.send();
    await this.written;
  }

  async abandon(): Promise<void> {
    await this.written.catch(() => undefined);
  }

  private send(): void {
    if (this.sites.length === 0) return;
    this.written = this.written.then(
      this.results.siteWrites(this.companyId, this.taskId, this.sites, this.readings),
    );
    // Awaited in finish or abandon; until then a failure must not count as unhandled.
    this.written.catch(() => undefined);
    this.sites = [];
    this.readings = [];
    this.values = 0;
  }
}
