import { parseArgs } from 'node:util';
import { DeviceApiError, runRobot } from './simulate.ts';
import { runUpdate } from './software-update.ts';

/** `npm run robot -- --server URL --key KEY [options]`: plays one device (see simulate.ts). */
const { values } = parseArgs({
  options: {
    server: { type: 'string', default: 'http://127.0.0.1:8080' },
    key: { type: 'string' },
    households: { type: 'string' },
    floors: { type: 'string' },
    'error-rate': { type: 'string' },
    speed: { type: 'string' },
    task: { type: 'string' },
    'no-pictures': { type: 'boolean', default: false },
    heartbeat: { type: 'boolean', default: false },
    seed: { type: 'string' },
    'batch-sites': { type: 'string' },
    scans: { type: 'boolean', default: false },
    'scan-points': { type: 'string' },
    update: { type: 'boolean', default: false },
    'update-dir': { type: 'string', default: '.robot-update' },
    'software-version': { type: 'string' },
    'update-attempts': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

const USAGE = `usage: npm run robot -- --server URL --key DEVICE_KEY [--households N] [--floors N] [--error-rate 0.08]
  [--speed MS_BETWEEN_BATCHES] [--task TASK_ID] [--no-pictures] [--heartbeat] [--seed N] [--batch-sites 50]
  [--scans] [--scan-points 150000]   (--scans: a point cloud and a glTF model per household, a cloud per
  facade panel with an exploded reading; --floors: floors per side of an external-wall task)
       npm run robot -- --server URL --key DEVICE_KEY --update [--update-dir .robot-update]
  [--software-version 1.0.0] [--update-attempts 3]   (a software update: check, download with resume,
  SHA-256 check, install into --update-dir, report the result; see tools/robot/README.md)`;

const number = (value: string | undefined, name: string) => {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) {
    console.error(`--${name} must be a non-negative number\n${USAGE}`);
    process.exit(2);
  }
  return parsed;
};

if (values.help || !values.key) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}

const started = Date.now();
try {
  if (values.update) {
    const outcome = await runUpdate({
      server: values.server,
      key: values.key,
      dir: values['update-dir'],
      version: values['software-version'],
      attempts: number(values['update-attempts'], 'update-attempts'),
      log: (line) => console.warn(line),
    });
    console.warn(`update: ${outcome.state} ${outcome.version ?? ''}`.trim());
    process.exit(outcome.state === 'failed' ? 1 : 0);
  }
  const report = await runRobot({
    server: values.server,
    key: values.key,
    households: number(values.households, 'households'),
    floors: number(values.floors, 'floors'),
    errorRate: number(values['error-rate'], 'error-rate'),
    speed: number(values.speed, 'speed'),
    task: values.task,
    pictures: !values['no-pictures'],
    heartbeat: values.heartbeat,
    seed: number(values.seed, 'seed'),
    batchSites: number(values['batch-sites'], 'batch-sites'),
    scans: values.scans ? { points: number(values['scan-points'], 'scan-points') } : false,
    log: (line) => console.warn(line),
  });
  console.warn(
    `done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${report.tasks.length} task(s), ${report.sites} sites, ` +
      `${report.readings} readings, ${report.pictures} pictures, ` +
      `${report.scans.pointcloud.length + report.scans.model.length} scans`,
  );
} catch (error) {
  const cause = (error as { cause?: { code?: string } }).cause?.code;
  console.error(
    error instanceof DeviceApiError
      ? error.message
      : cause
        ? `cannot reach ${values.server}: ${cause}`
        : error,
  );
  process.exit(1);
}
