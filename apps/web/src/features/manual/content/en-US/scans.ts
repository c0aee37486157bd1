import type { ManualPart } from '../types.ts';

/** Scans: model preview, point cloud data (shown once the company has modelling switched on). */
const scans = {
  modelTaskData: {
    title: 'Model preview',
    paragraphs: [
      'Look at a task\'s point clouds and models in 3D with the task\'s sites and their grades. Open it from the "3D" tab of the task data page or with "View" on the point cloud data page. Shown only when the company has modelling switched on.',
      "Point clouds load as 3D Tiles levels of detail: coarse points first, finer ones as you come closer. Wall deviations are computed by the server from a fitted plane and coloured with the four grades of the site's flatness item.",
    ],
    steps: [
      'Drag to turn the view, wheel or pinch to zoom, right-drag or two fingers to pan; the view fits all the data once it has loaded.',
      '"Colour" chooses "By deviation" (each point coloured by its distance to the fitted plane) or "By grade" (grey points, each scanned wall in its site\'s worst grade). The legend lists each grade\'s colour and deviation range (mm).',
      "Tap a wall or choose a site in the list: the wall is highlighted and below it the scan deviation (largest, smallest, RMS, area out of tolerance, area) and the site's readings and pictures appear, to review as on the task data page; the virtual rulers the platform laid by the measure rule are drawn on the wall with their values.",
      'When a task has several scans you can show one of them only. Scans still being processed show their progress and appear when ready.',
      'Users with the Project detail permission can click "Share" for a share link and QR code of this model.',
    ],
    rules: [
      'Seeing clouds and models needs access to the task; tiles and model files are served only to signed-in users who may see the task, or under an open share.',
    ],
  },
  mscPointCloudData: {
    title: 'Point cloud data',
    paragraphs: [
      'Lists the point clouds (PLY, PCD, LAS, LAZ) and models (glTF 2.0) that devices uploaded, with their processing status. In the menu only when the company has modelling switched on.',
    ],
    steps: [
      'Filter by project, task, building, floor, kind, status and upload dates; click a column title to sort.',
      '"Export to Excel" exports the list with the current filters and order.',
      '"Download the original" downloads the file the device sent (the address works for 10 minutes).',
      '"View" opens the task\'s model preview on this scan.',
      'A scan whose processing failed shows why (not a point cloud, no points, invalid coordinates, ...); users with the Delete report data permission can delete it so the device can send it again.',
    ],
    rules: ['A ready scan cannot be deleted.', 'Scans being processed show their progress live.'],
  },
} satisfies ManualPart;

export default scans;
