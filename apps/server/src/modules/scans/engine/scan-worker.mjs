// Worker thread of the scan engine (index.ts starts one per job): loads the TypeScript pipeline
// through tsx (the server runs on tsx, so no build step), runs one job and reports progress, the
// result or the error as messages.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const post = (message) => parentPort.postMessage(message);
try {
  let result;
  if (workerData.kind === 'cloud') {
    const { processCloud } = await import('./process-cloud.ts');
    let last = -1;
    result = await processCloud(workerData.input, (percent) => {
      if (percent !== last) post({ type: 'progress', percent: (last = percent) });
    });
  } else {
    const { checkModelFile } = await import('./model-check.ts');
    result = await checkModelFile(workerData.input);
  }
  post({ type: 'done', result });
} catch (error) {
  post({
    type: 'error',
    messageKey: typeof error?.messageKey === 'string' ? error.messageKey : null,
    params: error?.params ?? {},
    message: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
}
