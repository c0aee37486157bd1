/** Entry of `npm run backup -- --out DIR` (see backup.ts and README.md). */
import { openCommandDatabase } from './command-database.ts';
import { runBackup } from './backup.ts';
import { refuseInsideDataDir, runCommand, usage } from './run-command.ts';

await runCommand(
  { options: { out: { type: 'string' } } },
  async ({ config, args, progress, resolvePath, openStore }) => {
    const out = args.values.out;
    if (typeof out !== 'string' || !out) usage('npm run backup -- --out DIR');
    const outDir = resolvePath(out);
    refuseInsideDataDir(outDir, config);
    const { store } = await openStore();
    const database = await openCommandDatabase(config, progress, { mustExist: true, alongsideServer: true });
    try {
      progress.step(`database: ${database.description}`);
      await runBackup({
        connectionString: database.connectionString,
        store,
        dataDir: config.dataDir,
        outDir,
        progress,
      });
    } finally {
      await database.close();
    }
  },
);
