/**
 * What the operations commands print: one line per step on stdout (problems on stderr), so an
 * operator sees tables, rows, objects and bytes as they pass. Tests pass a silent reporter.
 */
export interface Progress {
  step(message: string): void;
  warn(message: string): void;
}

export const consoleProgress: Progress = {
  step: (message) => void process.stdout.write(`${message}\n`),
  warn: (message) => void process.stderr.write(`warning: ${message}\n`),
};

export const silentProgress: Progress = { step: () => {}, warn: () => {} };

const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'];

/** 1536 -> "1.5 kB": sizes as people read them in progress lines. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}

/** An object this big gets a line of its own (a point cloud of 2 GB takes a while). */
const BIG_ITEM_BYTES = 64 * 1024 * 1024;

/** Prints a running count every `every` items and at the end, not one line per item. */
export function counter(progress: Progress, label: string, every = 100) {
  let count = 0;
  let bytes = 0;
  return {
    add(size: number, name = '') {
      count += 1;
      bytes += size;
      if (count % every === 0 || size >= BIG_ITEM_BYTES) {
        progress.step(
          `${label}: ${count} (${formatBytes(bytes)})${size >= BIG_ITEM_BYTES ? `, last ${name}` : ''}`,
        );
      }
    },
    get count() {
      return count;
    },
    get bytes() {
      return bytes;
    },
    done() {
      progress.step(`${label}: ${count} in all (${formatBytes(bytes)})`);
    },
  };
}
