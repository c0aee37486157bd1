import { describe, expect, it } from 'vitest';
import { readTar, writeTar } from './tar-archive.ts';

const collect = async (chunks: AsyncIterable<Buffer>) => {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
};

async function* once(data: Buffer) {
  yield data;
}

describe('tar archives', () => {
  it('write many entries without piling listeners on the archive, and read them back', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      const entries = Array.from({ length: 40 }, (_, index) => ({
        path: `files/${index}.bin`,
        size: 1000 + index,
        // Half as buffers, half streamed.
        body: index % 2 === 0 ? Buffer.alloc(1000 + index, index) : once(Buffer.alloc(1000 + index, index)),
      }));
      const archive = await collect(writeTar(entries));
      const read: [string, number, number][] = [];
      for await (const entry of readTar(once(archive))) {
        const body = await collect(entry.body);
        read.push([entry.path, body.length, body[0] ?? -1]);
      }
      expect(read).toEqual(entries.map((entry, index) => [entry.path, entry.size, index]));
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });
});
