import type { ManualPart } from '../types.ts';

/** Analysis: home and quality analysis with its project and building pages. */
const analysis = {
  home: {
    title: 'Home',
    paragraphs: [
      'Where the projects you see stand over the chosen period: pass rate, severe deviation rate, rating, judged values and sites, the number of projects, households measured this month, tasks by state, the daily pass rate and the five measure items with the lowest pass rate.',
      'The last 30 days by default; you can look at one project. Readings of cancelled tasks count nowhere.',
    ],
    items: [
      ['Project, period', 'Pick a project (none: all projects) and the dates, with the date shortcuts.'],
      [
        'Pass rate',
        '(Qualified + warning) / judged, two decimals; the small line shows the counts it comes from.',
      ],
      ['Severe deviation rate', 'Sites with a severe deviation / sites.'],
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
  mscProgressAnalysis: {
    title: 'Progress analysis',
    paragraphs: [
      "Progress of every project and stage: households planned (those of the stage's tasks), households measured (with at least one judged reading) and the percentage, with the tasks by state. Cancelled tasks count nowhere.",
      '"Progress per person" below counts, over the chosen dates, the tasks, households, sites and readings each person measured: a typed-in site is its author\'s, a site sent by a device belongs to the person holding the device.',
    ],
    items: [
      ['Project, stage', 'Filters; "Export to Excel" exports the progress rows of the current filters.'],
      ['Floors', 'Opens the building × floor view of that project and stage.'],
    ],
  },
  mscProgressAnalysisDetail: {
    title: 'Floor progress',
    paragraphs: [
      'Every floor of every building of one project and stage, top floor first: not planned (grey), planned (light blue), in progress (orange: some households measured, or a task in progress), measured (green: every planned household measured).',
      'Each floor shows "measured/planned" households; hover a floor for the details.',
    ],
  },
  mscEfficacyAnalysis: {
    title: 'Efficiency analysis',
    paragraphs: [
      "Efficiency of every person, device and project over the period: tasks, sites, readings, measured area (the sum of the sites' areas), working time, m² and readings per hour, days worked; devices also their utilisation (working time / (days x 8 h)).",
      'Working time is counted per task, day and device (for typed-in sites, per person): the times between consecutive sites, added up; a gap of more than 30 minutes is a break and does not count.',
      'Sites sent by a device belong to the person holding it now; cancelled tasks count nowhere.',
    ],
    items: [
      ['Project, period', 'Filters; the last 30 days by default.'],
      [
        'People / Devices / Projects',
        'Switch the table; click a name for its days; "Export to Excel" exports the table.',
      ],
      ['Export the daily summary', 'Exports the totals of every day.'],
    ],
  },
  mscEfficacyAnalysisDetails: {
    title: 'Efficiency per day',
    paragraphs: [
      'The area, working time, sites and readings of one person, device or project for every day of the period, as a chart and a table.',
    ],
  },
} satisfies ManualPart;

export default analysis;
