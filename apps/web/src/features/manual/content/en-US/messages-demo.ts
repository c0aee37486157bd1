import type { ManualSection } from '../types.ts';
import type zh from '../zh-CN/messages-demo.ts';

/** The messages page and the demo area. */
const messagesDemo: Record<keyof typeof zh, ManualSection> = {
  messageList: {
    title: 'Messages',
    paragraphs: [
      '"Messages" in the menu (or "View all" in the top bar\'s message drawer) lists your messages and the version update notices as a page, newest first. Every role can use it.',
    ],
    steps: [
      'Filter with "All / Unread / Read", the kind and a date range; each change asks again from the first page.',
      'Click "Open work order" or "Open task" to open what the message is about (it is marked read too); "Mark read" marks that one; "Mark all read" marks all your messages and notices.',
    ],
    rules: [
      'Dates are calendar days in the company time zone (Beijing time), both ends included; an end before the start shows "The end date cannot be before the start date".',
    ],
  },
  demoProjectList: {
    title: 'Demo projects',
    paragraphs: [
      "The demo area: a complete example project of the platform (readings, site pictures, audit states, scans and an external wall) that every signed-in user of any company can browse, to explore the product before the first robot arrives. The demo data is apart from your company's: it appears in none of your lists and analyses, and it cannot be changed.",
    ],
    steps: ['Click "Tasks" on a project to open its demo tasks.'],
  },
  demoTaskList: {
    title: 'Demo tasks',
    paragraphs: [
      'The demo project\'s tasks with their state and pass rate. Click "Details" for a demo task\'s detail.',
    ],
  },
  demoTaskDetail: {
    title: 'Demo task detail',
    paragraphs: [
      "A demo task's figures, the pass rate of each item, its sites with their readings and pictures, and the example scan and external wall. The page is read-only.",
    ],
    steps: [
      'Expand a site to see its picture (annotated or original, click to zoom) and the readings of each item.',
      'An external-wall task shows an elevation per side: floors as bands, panels coloured by grade, scanned panels outlined; click a panel to see its picture and readings.',
    ],
  },
};

export default messagesDemo;
