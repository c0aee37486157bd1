import type { ManualPart } from '../types.ts';

/** Analysis: home and quality analysis with its project and building pages. */
const analysis = {
  home: {
    title: 'Home',
    paragraphs: [
      'Where the projects you see stand over the chosen period: pass rate, exploded rate, rating, judged values and sites, the number of projects, households measured this month, tasks by state, the daily pass rate and the five measure items with the lowest pass rate.',
      'The last 30 days by default; you can look at one project. Readings of cancelled tasks count nowhere.',
    ],
    items: [
      ['Project, period', 'Pick a project (none: all projects) and the dates, with the date shortcuts.'],
      [
        'Pass rate',
        '(Qualified + warning) / judged, two decimals; the small line shows the counts it comes from.',
      ],
      ['Exploded rate', 'Sites with an exploded reading / sites.'],
      ['Quality analysis', 'Opens quality analysis with the same project and period.'],
    ],
  },
  mscQualityAnalysis: {
    title: 'Quality analysis',
    paragraphs: [
      'The judged readings summed under the filters: overall figures, the share of the four grades, the pass rate over time, the pass rate per measure item (worst first), per stage and per inspection kind, and per project (paged).',
      "The filters are kept in the address: send it to a colleague, and the browser's Back returns to the previous filters.",
      'Ratings band the pass rate as high, middle and low, at 90 % and 80 % by default; change the bands in the filter bar.',
    ],
    steps: [
      'Pick a stage, an inspection kind or measure items (at least one) and the dates, then Search.',
      'Under "Pass rate per project" click a project for its quality details, or "Buildings and floors" for each floor.',
      '"Export to Excel" exports every table of the current filters (summary, stages, inspection kinds, items, projects, days).',
    ],
    rules: [
      'Without a stage, an inspection kind or a measure item: "Choose at least a stage, an inspection kind or a measure item".',
      'Without dates: "Choose a start date or an end date"; an end before the start or a range over 5 years is refused too.',
      'With several measure items, a site counts once for each selected item measured there.',
    ],
  },
  mscQualityAnalysisDetails: {
    title: 'Project quality',
    paragraphs: [
      "One project's quality under the filters: overall figures, grade share, trend, and the pass rate per measure item, stage and inspection kind.",
      '"Readings" on an item row opens the data pool with that project\'s readings of the item; "Buildings and floors" opens the pass rate per building and floor.',
    ],
  },
  mscQualityAnalysisBuilding: {
    title: 'Quality by building and floor',
    paragraphs: [
      'The pass rate of every floor of every building of a project, top floor first, coloured by rating: high green, middle orange, low red, grey without judged values.',
      'Click a floor to open the data pool with its readings; from there a task leads on to its detail and sites.',
    ],
  },
} satisfies ManualPart;

export default analysis;
