import type { ResultSite } from '@measure/contract';
import { DeviceClient } from './device-client.ts';
import { wallPicture } from './picture.ts';
import { seededRandom } from './random.ts';
import { readingFor } from './readings.ts';
import { ServerClock } from './server-clock.ts';
import { sitesToMeasure } from './sites-to-measure.ts';
import { facadeBulge, type ScannedPanel, sendFacadeScans } from './facade-scans.ts';
import { HouseholdScans, type ScanOptions, sendHouseholdScans } from './send-scans.ts';

export { DeviceApiError } from './device-client.ts';

export interface RobotOptions {
  server: string;
  key: string;
  /** At most this many households per task (default: all). */
  households?: number;
  /** External-wall tasks: at most this many floors of the band per side (default: all). */
  floors?: number;
  /** Share of readings beyond the standard, 0-1 (default 0.08). */
  errorRate?: number;
  /** Pause between batches in ms (default 0). */
  speed?: number;
  /** Only this task. */
  task?: string;
  pictures?: boolean;
  heartbeat?: boolean;
  seed?: number;
  /** Sites per results batch (default 50). */
  batchSites?: number;
  /**
   * Send scans (measurement-api.md section 8): per household a point cloud of its rooms and a glTF
   * model, and a wall's own cloud on each site with an exploded reading; on an external-wall task, a
   * cloud of each panel with an exploded reading (registered with its Side and PointIndex). Off by default.
   */
  scans?: ScanOptions | boolean;
  log?: (line: string) => void;
}

export interface RobotReport {
  tasks: { TaskId: string; Name: string; sites: ResultSite[] }[];
  sites: number;
  readings: number;
  pictures: number;
  /** Scans registered: ScanIds by kind. */
  scans: { pointcloud: string[]; model: string[]; siteClouds: number };
}

/**
 * Plays one device with the public device API only: fetches its pending and running tasks, and for
 * each downloads the work package, starts it, walks its sites (`sitesToMeasure`: every household's
 * rooms wall by wall, or only the sites a re-measure names), measures each item as its rule says, uploads
 * a wall picture per site through tus, sends the sites in batches (retries keep their Idempotency-Key)
 * and finishes. Answers what it sent, for its caller to compare with the server's figures.
 */
export async function runRobot(options: RobotOptions): Promise<RobotReport> {
  const log = options.log ?? (() => {});
  const client = new DeviceClient(options.server.replace(/\/$/, ''), options.key);
  const random = seededRandom(options.seed ?? 20261124);
  const errorRate = options.errorRate ?? 0.08;
  const batchSites = options.batchSites ?? 50;
  const report: RobotReport = {
    tasks: [],
    sites: 0,
    readings: 0,
    pictures: 0,
    scans: { pointcloud: [], model: [], siteClouds: 0 },
  };
  const scanOptions = options.scans === true ? {} : options.scans || null;
  const tasks = (await client.tasks()).filter((task) => !options.task || task.TaskId === options.task);
  log(`${tasks.length} task(s) to do`);
  for (const task of tasks) {
    const work = await client.workPackage(task.TaskId);
    await client.start(task.TaskId);
    // A heartbeat after the start tells the server's time: readings are stamped on its clock.
    const clock = new ServerClock();
    const sentAt = Date.now();
    clock.learn((await client.heartbeat(100)).ServerTime, sentAt, Date.now());
    const sent: ResultSite[] = [];
    let batch: ResultSite[] = [];
    let batchIndex = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      const answer = await client.results(
        task.TaskId,
        { Source: 'robot', Sites: batch },
        `${task.TaskId}:${options.seed ?? 0}:${batchIndex}`,
      );
      batchIndex += 1;
      sent.push(...batch);
      report.sites += answer.Sites;
      report.readings += answer.Readings;
      log(
        `${task.Name}: batch ${batchIndex}, ${answer.Sites} sites, pass rate ${answer.Figures.PassRate ?? '-'}%`,
      );
      batch = [];
      if (options.heartbeat) await client.heartbeat(Math.max(5, 100 - batchIndex));
      if (options.speed) await new Promise((resolve) => setTimeout(resolve, options.speed));
    };
    let pointIndex = 0;
    const scans: HouseholdScans | null = scanOptions
      ? new HouseholdScans(client, task.TaskId, work, { seed: options.seed ?? 0, ...scanOptions })
      : null;
    const scannedPanels: ScannedPanel[] = [];
    const walk = { households: options.households, floors: options.floors, seed: options.seed };
    for (const site of sitesToMeasure(work, walk)) {
      pointIndex += 1;
      const { Items: _items, Wall: _wall, Panel: panel, ...place } = site;
      // A facade panel is measured over its own width; a room's wall is 2.4-4.8 m long.
      const wallMm = panel ? Math.round((panel.X1 - panel.X0) * 1000) : 2400 + Math.round(random() * 2400);
      const readings = site.Items.map((item) => readingFor(item, wallMm, errorRate, random));
      const pointCloudFileId = scans ? await scans.measured(site, readings, wallMm, pointIndex) : null;
      const bulge =
        scans && panel && scans.options.siteClouds !== false
          ? facadeBulge(panel, site.Items, readings)
          : null;
      if (panel && bulge)
        scannedPanels.push({
          BuildingNumber: site.BuildingNumber,
          Floor: site.Floor,
          PointIndex: pointIndex,
          Name: site.Name,
          panel,
          bulge,
        });
      const pictureIds: string[] = [];
      if (options.pictures !== false) {
        const rulers = readings.reduce((sum, reading) => sum + reading.Values.length, 0);
        pictureIds.push(
          await client.upload(
            await wallPicture(Math.min(rulers, 12), pointIndex),
            `site-${pointIndex}.png`,
            'picture',
          ),
        );
        report.pictures += 1;
      }
      const heightM = panel ? panel.Z1 - panel.Z0 : 2.8;
      batch.push({
        ...place,
        ...(panel ?? {}),
        ...(pointCloudFileId ? { PointCloudFileId: pointCloudFileId } : {}),
        PointIndex: pointIndex,
        AreaM2: Math.round((wallMm / 1000) * heightM * 100) / 100,
        MeasuredAt: clock.now().toISOString(),
        PictureFileIds: pictureIds,
        Readings: readings,
      });
      if (batch.length >= batchSites) await flush();
    }
    await flush();
    if (scans) await sendHouseholdScans(scans, report.scans, log);
    if (scans) await sendFacadeScans(client, task.TaskId, scannedPanels, scans.sizes, report.scans, log);
    await client.finish(task.TaskId);
    report.tasks.push({ TaskId: task.TaskId, Name: task.Name, sites: sent });
    log(`${task.Name}: finished, ${sent.length} sites`);
  }
  return report;
}
