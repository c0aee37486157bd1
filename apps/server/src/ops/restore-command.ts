/** Entry of `npm run restore -- DIR` (see restore.ts and README.md). */
import { openCommandDatabase } from './command-database.ts';
import { runRestore } from './restore.ts';
import { refuseInsideDataDir, runCommand, usage } from './run-command.ts';

await runCommand({ allowPositionals: true }, async ({ config, args, progress, resolvePath, openStore }) => {
  const [given, ...extra] = args.positionals;
  if (!given || extra.length > 0) usage('npm run restore -- DIR');
  const backupDir = resolvePath(given);
  refuseInsideDataDir(backupDir, config);
  const { store, description } = await openStore();
  const database = await openCommandDatabase(config, progress, { mustExist: false, alongsideServer: false });
  try {
    progress.step(`restoring ${backupDir} into ${database.description} and ${description}`);
    await runRestore({
      database,
      store,
      storeDescription: description,
      dataDir: config.dataDir,
      backupDir,
      progress,
    });
  } finally {
    await database.close();
  }
});
