// Worker thread entry of report rendering (a piscina task, see report-render.ts): loads the
// TypeScript renderer through tsx (the server itself runs on tsx, so no build step).
import { register } from 'tsx/esm/api';

register();
const { renderReportFiles } = await import('./report-worker-main.ts');

export default renderReportFiles;
