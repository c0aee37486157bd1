// Worker thread entry of report rendering: loads the TypeScript renderer through tsx (the server
// itself runs on tsx, so no build step), then renders the one document it was given.
import { register } from 'tsx/esm/api';

register();
await import('./report-worker-main.ts');
