import type { ManualPart } from '../types.ts';

/** External walls: external wall task management and detail (shown once the company has external walls on). */
const externalWalls = {
  externalWallTaskManage: {
    title: 'External wall task management',
    paragraphs: [
      "Lists the company's external-wall tasks: each measures some sides of one building over a band of floors. In the menu only when the company has external walls switched on.",
    ],
    steps: [
      'Filter by project, state, stage, keyword and dates; click a column title to sort. "Export to Excel" exports the external-wall tasks with the current filters and order.',
      'Users with the Distribute permission click "Dispatch an external-wall task": choose the project, stage, building and floor band, enter each side (N, E, S, W or a name of up to 16 characters) with its width in metres, choose the items, device, surveyors and planned date, and save.',
      'Click a task name or "Elevations" to open its external wall detail.',
      'On a task that has been carried out click "Re-measure" (here or in task management): the external-wall dispatch opens with the original project, stage, building and inspection kind, only the sides with unqualified or severely deviating sites, and the floors those sites are on (all sides and floors of the original when none failed); change what you need and save.',
    ],
    rules: [
      'An external-wall task takes only items marked external; indoor items are refused.',
      "The floor band must lie within the building's floors, and a side cannot be entered twice.",
    ],
  },
  taskDetailExternalWall: {
    title: 'External wall detail',
    paragraphs: [
      'Each side of an external-wall task is drawn as an elevation: floors as bands from bottom to top, each site a rectangle at its place on the facade (metres from the left edge and height), coloured by its worst grade; scanned sites have a dashed outline. Each side shows its pass rate and the count of each grade.',
    ],
    steps: [
      'Click a site: its details open beside (pictures, readings, validity), reviewed as on the task data page; a scanned site opens its deviation view when modelling is on.',
      'Under "Two measurements compared", choose another measurement of the same facades (first measure or re-measure): both elevations show side by side with the change of the pass rate.',
      'Users with the Project detail permission click "Share" for a share link; each side has its own link, which opens on a phone without signing in.',
    ],
    rules: ["A side's figures count only facade sites, never a household's figures."],
  },
} satisfies ManualPart;

export default externalWalls;
