import type { ManualPart } from '../types.ts';

/** Tasks: dispatch, task management, task detail, task execution. */
const tasks = {
  taskManage: {
    title: 'Task dispatch',
    paragraphs: [
      'Plan a measuring task for one stage of a project: households, measure items, device and surveyors. Needs the "project distribute" permission (company and measurement administrators).',
      'Saving freezes the standard in force (judging mode, standard and warning ranges, severe deviation limit, measure rule and the design values of each site type): later edits of the library or the project standards never change the task.',
    ],
    steps: [
      'Pick the project and stage; set the measure kind (first measure, re-measure, other), inspection kind, task name and planned date as needed.',
      'Under "Pick by floors" choose a building and the first and last floor, then "Add these floors" to select whole floors at once; or tick households one by one on the building, floor and household tree.',
      'Check the measure items: by default the items of the stage enabled in the project standard; untick any you do not want.',
      '"Before saving" lists households without a house type and items that need a design value the chosen households\' site types lack.',
      'Pick a device and surveyors (both optional) and Save: the task detail opens.',
    ],
    items: [
      [
        'Pick by floors',
        'Building, from floor, to floor: adds every household of those floors that has a house type.',
      ],
      [
        'Household tree',
        'Building, floor, household; a household without a house type is grey and says "No house type: cannot be planned".',
      ],
      [
        'Re-measure',
        'Re-measure on a task in task management opens this page with the original project, stage and inspection kind and only the households with unqualified or severely deviating sites.',
      ],
    ],
    rules: [
      'At least one household: otherwise "Pick at least one household".',
      'Buildings or households outside the project, households without a house type, items not in the stage and devices or people of another company are refused with the reason.',
    ],
  },
  taskCenter: {
    title: 'Task management',
    paragraphs: [
      'Every task of the projects you see, with state, households and pass rate. Project administrators and surveyors see the tasks of their projects only.',
      'Task states: pending -> in progress (a device started it or results arrived) -> uploaded (the device or a person finished it) -> completed (audited); pending and in-progress tasks can be cancelled.',
    ],
    items: [
      [
        'Project, state, stage, keyword, dates',
        'Filters; dates have the shortcuts today, yesterday, last week, last month, this month and previous month. Click a column title to sort by name, state, planned date or creation time.',
      ],
      ['Dispatch task', 'Opens task dispatch.'],
      ['View', 'Opens the task detail.'],
      ['Reassign', 'Changes the device and surveyors of a pending task.'],
      ['Cancel task', 'Cancels a pending or in-progress task.'],
      ['Re-measure', 'Dispatches a re-measure task of a task that has been carried out.'],
      ['Delete selected', 'Deletes the ticked tasks; completed tasks cannot be deleted.'],
    ],
    rules: [
      'A completed task cannot be deleted: "Completed tasks cannot be deleted", and none of the others is deleted either.',
    ],
  },
  taskDetail: {
    title: 'Task detail',
    paragraphs: [
      'Everything about one task: project, stage, measure and inspection kind, device, surveyors and times; figures (pass rate, severe deviation rate, sites and the counts of qualified, warning, unqualified, severe deviation and unjudged values).',
      'Pass rate = (qualified + warning) / judged values; severe deviation rate = sites with a severe deviation / sites. Deviation readings without a design value are "unjudged" and count in no rate.',
      'While the task is pending or in progress, the figures card shows the sites received so far and, when the house types have measuring points drawn, of how many planned. The page follows a robot run as its results arrive, without reloading.',
    ],
    items: [
      [
        'Frozen standard',
        'Per measure item the judging mode, limits, warning range, severe deviation limit and figures, and the design values of each site type.',
      ],
      ['Households', 'The households of the task and their house types.'],
      ['Sites', 'The sites with uploaded results and their figures.'],
      [
        'Data report',
        'The report status, the SHA-256 of its PDF, PDF and Excel downloads and sharing (link, QR code, expiry, revoking); see "Data reports and shares".',
      ],
    ],
  },
  reports: {
    title: 'Data reports and shares',
    paragraphs: [
      'Each task has one data report (PDF and Excel). It is rendered again in the background whenever the task is finished (the device finished uploading, or "Finish" on task execution), audited, or its readings change; the "Data report" part of the task detail shows its status: queued, rendering, ready or failed.',
      'The PDF has a cover (project, task, stage, times, audit state), the task figures, figures per item and per household, the plan of each measured household (rooms coloured by the worst grade of their sites and labelled with their site counts, with a legend), the failed sites and the frozen standard used, with the report id in every page footer; the Excel workbook also lists every site and every reading (values and grades).',
      'Each report is rendered in Chinese and in English: downloads, the task detail and the share pages give the version of the language you use (Chinese by default). The two PDFs are different files, each with its own SHA-256.',
      'The platform records the SHA-256 of each PDF. A PDF cannot contain its own hash, so check a copy this way: compute the SHA-256 of the PDF file and compare it with the value on the task detail or the share page (in the language it was downloaded in); equal means it is the original the platform rendered.',
      'The share page /supplement/taskReportList/{share id} needs no sign-in and fits a phone: the task, its figures, figures per item and per household and the SHA-256 of the report, nothing else of the company.',
      'On the share page, "View the report PDF" draws the PDF in the browser (also on a phone): page by page with the arrows, zoom with - and +, the percentage button fits the page to the width again; the SHA-256 of the PDF is shown below it, and "Download PDF" saves the file.',
      'From the share page, "View in 3D" shows the measured households in 3D: every room of their plans as a block coloured by the worst grade of its sites (grey: no sites or nothing judged), floors stacked 3 m apart by floor number and the households of a floor side by side; the plan is scaled to metres from the house type\'s floor area. Drag to turn, pinch to zoom; tap a room for its name, grade and pass rate and a link to its first site.',
    ],
    steps: [
      'In the "Data report" part of the task detail, click "Download PDF" or "Download Excel": the browser opens a download address that works for 10 minutes without a session.',
      'When rendering failed, the reason is shown; "Render again" queues it once more (Project detail permission).',
      'Click "Share", enter the days it stays valid (1 to 365, default 30) and click "Create share link": you get the link and its QR code to copy or scan.',
      'The open shares are listed below; "Revoke" ends one at once.',
    ],
    rules: [
      'The server setting REPORT_DOWNLOAD_MAX (default 20) limits the reports per download; more answer "No more than {0} reports should be downloaded each time". Several reports come as one zip.',
      'Reading and downloading reports follow the project scope; sharing, revoking and rendering again need the Project detail permission; deleting reports needs Delete report data.',
      'An expired, revoked or unknown share link shows the same notice: the share does not exist, has expired or was revoked.',
    ],
  },
  mscReportData: {
    title: 'Task data',
    paragraphs: [
      'Review a task\'s measured data: the task\'s figures (overall and per measure item), its sites, and for the chosen site its picture, readings, grades and change trail. Open it with the "Task data" button on the task detail.',
      'Every reading is judged with the standard frozen when the task was created; a value marked invalid is kept but counts nowhere. After a change the site, task and project figures are current at once.',
    ],
    steps: [
      'Filter the sites by measure item, grade and household and click a row to view that site; "Previous site" and "Next site" or the keys ← → move between the listed sites.',
      'View the annotated picture (rulers and values drawn in, coloured by grade, invalid values grey) or the original; click the picture to zoom and rotate it. Tick or untick "Vertical rulers" and "Horizontal rulers" to show or hide them (diagonal rulers are always drawn).',
      'Flatness sites show an "Algorithm image": a deviation heatmap of the surface (green within the standard, yellow to red beyond it, blue below the reference plane, legend in mm), drawn from the point cloud where a readable one (PCD, PLY) was uploaded, else interpolated from the readings along their rulers; below it the site\'s grinding area and amount. The "Grinding" table under the task figures sums them per measure item.',
      'Under "Readings" the switch below each value marks it valid or invalid (a wrong value from reflective glass or an obstacle, for example); the figures and the annotated picture follow.',
      'Click a value to type in the corrected value and save it; the site is judged again and the figures follow.',
      '"Move ruler" under a value opens the original picture with the ruler\'s two ends as handles: drag them to where the ruler belongs (dashed: where it was), enter the value it reads there and save (the upload carries no surface profile, so the value is typed in); the figures, the annotated picture and the algorithm image follow.',
      'The "Plan" tab shows the plan of the chosen household (or of the current site\'s): each room coloured by the worst grade of its sites, with the number of sites in brackets; click a room to open its first site.',
      '"Changes" lists who changed which value when, before and after.',
      'A site of a re-measure task shows "Before and after the re-measure": on the left the site of the original task it re-measures (the same household and room, or the site of the same name where there is no room), on the right this site, each with its pass rate, readings and grades; a site of the original task lists its re-measures on the right. Click a task and site name to open the other side\'s site.',
      'Once the data is checked, an administrator clicks "Audit" and confirms: the task is completed and its data locked.',
    ],
    items: [
      [
        'Grade',
        'Qualified (green), warning (yellow), unqualified (orange), severe deviation (red); the site list shows the worst grade of each site.',
      ],
      [
        'Grinding',
        "Grinding area = the site's area x the share of its valid values above the standard; grinding amount = grinding area x the mean excess depth (m² x mm = litres). Sites without an area are not counted.",
      ],
      ['Audit', 'Only an uploaded task can be audited; it needs the permission to publish projects.'],
    ],
    rules: [
      'Marking values valid or invalid needs the permission to edit project details; after the audit every change is refused: "The task has been audited; its data is locked".',
      'A cancelled task cannot be changed.',
    ],
  },
  TaskExcuse: {
    title: 'Task execution',
    paragraphs: [
      'The tasks assigned to you (as a surveyor, or to a device you hold). Without a robot, start and finish them here.',
    ],
    items: [
      ['Start', 'Pending -> in progress.'],
      ['Finish', 'In progress -> uploaded: the measuring is done.'],
      ['View', 'Opens the task detail.'],
    ],
  },
  manualMeasure: {
    title: 'Enter readings',
    paragraphs: [
      "Without a robot, surveyors type in readings here for the task's households and rooms (for example from a ruler). Only the items whose measure rule allows manual entry are shown.",
      "Saved readings are judged at once with the task's frozen standard and the task and project figures follow; saving the same room again corrects it, and the old readings stay in its history.",
    ],
    steps: [
      'On task execution, click "Enter readings" on the task.',
      'Pick the household and the room ("Whole household" when the house type has no rooms).',
      "Type the readings of each item; the tags beside them preview the grades (qualified, warning, unqualified, severe deviation); deviation items are judged by the server with the design value of the room's site type.",
      'Click Save; "Sites entered" lists each site with its readings, grades and pass rate, and Edit corrects one.',
    ],
    rules: [
      'An item whose measure rule does not allow manual entry is refused: "does not allow manual entry".',
      "An item takes at most its rule's readings per site; no value may exceed 20,000 in absolute value.",
      "Only the task's surveyors, the holder of its device and the project's planners can enter readings; completed or cancelled tasks can only be viewed.",
    ],
  },
  dataPool: {
    title: 'Data pool',
    paragraphs: [
      'Every reading of the tasks of the projects you see: one row per site and measure item, with its values, grades, source, time and pass rate, newest first.',
      'With very many readings the count stops at 10,000 and says "More than 10,000 rows"; paging and filters run on the server.',
    ],
    items: [
      [
        'Project, task, building, floor, item code, grade, source, measured on',
        'Filters; "grade" keeps rows with at least one value of that grade; dates have shortcuts.',
      ],
      ['Task', 'Click a task name to open the task detail.'],
      ['Export to Excel', 'Exports what the filters show, every value of each row, at most 200,000 rows.'],
    ],
  },
  workOrder: {
    title: 'Work orders',
    paragraphs: [
      "Rectification and re-measure work orders: the cards on top count each project's orders per state (click one to filter by the project); the list below filters by project, state and type.",
      'A work order goes undistributed -> not started (assigned) -> in progress -> completed; any other move is refused with the reason.',
      'Whoever distributes work (the "distribute" permission) assigns orders and creates re-measure tasks; the assignee starts and completes their own orders. Like a task, a work order is seen by whoever sees its project: an assignee taken off the project\'s staff no longer sees its orders, and orders are given only to people who see the project.',
      'Messages in the top bar show how many messages you have not read (refreshed every 30 seconds and when you come back to the window): a work order assigned to you, a task you planned measured and uploaded, a task you worked on audited (its report final), a device you hold (company administrators: any device of the company) gone offline (no heartbeat for the set time; told once per silence), and the version notices. The list shows all or only unread ones, marks one or all read, and "Open work order" / "Open task" open what a message is about. Everyone sees only their own messages.',
    ],
    steps: [
      'On an undistributed order click Assign and pick a person who can see the project.',
      'The assignee clicks Start, then Complete after the repair, with a completion remark (required) and photos if wanted (JPEG or PNG, at most 10 MB each, up to 20; each uploads as soon as it is chosen, with its progress).',
      'New work order on a site view shows the household plan: click it to place the pin of the place to repair, click again to move it, "Clear pin" to drop it.',
      'New work order on the work order page makes one by hand ("distribute" permission): pick the project, type and stage, then the building, floor and household among the project\'s buildings (no household: the whole floor), optionally an assignee and a remark; once a household with a plan is chosen, click its plan to place the pin (a household without a plan says so and takes no pin).',
      'On a completed order click "Create re-measure task": a re-measure task of its household (or whole floor), stage and item; a link to it follows.',
      "Click an order number for its details, history and comments; post a comment at the bottom of the details. Once the re-measure task has results for the order's site, the last line of the history shows the pass rate before and after; click it to open the re-measure task's data.",
      'Switch to Board for a column of cards per state (same filters as the list); click a card for its details.',
      'The details show the completion photos (click to enlarge) and the household plan with the pins of its work orders, coloured by state; switch to Plan to pick a household with pinned orders, and click a pin to open its work order.',
    ],
  },
} satisfies ManualPart;

export default tasks;
