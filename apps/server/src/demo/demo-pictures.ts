import type { ResultSite } from '@measure/contract';
import { wallPicture } from '@measure/robot/picture';
import type { ObjectStore } from '../core/storage/object-store.ts';
import type { Database } from '../db/client.ts';
import { type DemoDevice, storeUpload } from './demo-scans.ts';

/** At most this many rulers are drawn on a picture (as the robot simulator caps them). */
const MAX_RULERS = 12;

/**
 * The sites with a wall picture each, as the robot simulator sends them: its picture generator
 * (`@measure/robot/picture`, a grey wall with a band per ruler), stored as the device's finished
 * upload before the batch names it in `PictureFileIds`, so ResultsService checks them as a robot's.
 */
export async function withDemoPictures(
  db: Database,
  objects: ObjectStore,
  device: DemoDevice,
  sites: readonly ResultSite[],
): Promise<ResultSite[]> {
  const pictured: ResultSite[] = [];
  for (const site of sites) {
    const rulers = site.Readings.reduce((sum, reading) => sum + reading.Values.length, 0);
    const picture = await wallPicture(Math.min(rulers, MAX_RULERS), site.PointIndex);
    const fileId = await storeUpload(db, objects, device, picture, `site-${site.PointIndex}.png`, 'picture');
    pictured.push({ ...site, PictureFileIds: [fileId] });
  }
  return pictured;
}
