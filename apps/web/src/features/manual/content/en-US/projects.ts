import type { ManualSection } from '../types.ts';
import type zh from '../zh-CN/projects.ts';

/** Projects: data reports, project list, project detail, staff, house type maps, plan editor. */
const projects: Record<keyof typeof zh, ManualSection> = {
  mscProjectList: {
    title: 'Data reports',
    paragraphs: [
      'After signing in you arrive at Data reports: the projects you may see (project administrators and surveyors see the projects assigned to them), projects with reports first, the most recently updated report first.',
      'Each project shows its number of reports (ready, audited), its unread reports (the red number: ready reports you have not opened or downloaded yet; a report rendered again counts as unread again), the project pass rate (the figures of all its finished tasks added up) and the latest report with its pass rate. Hover over a pass rate to see the counts it comes from.',
    ],
    items: [
      ['Search by project name', 'Type part of a project name and press Enter or click the search icon.'],
      ['Project name / Reports', "Opens the project's data reports and the project summary report."],
      [
        'Project details',
        'Opens the project (read-only for project administrators and surveyors, who have no "Projects" menu entry and open their projects here).',
      ],
    ],
  },
  mscProjectReports: {
    title: "A project's data reports",
    paragraphs: [
      "All of a project's data reports, one per finished task: task name, upload time, update time, audit, report status (queued, rendering, ready, failed) and pass rate; unread reports are marked Unread.",
      "Below, the project summary report adds up the project's finished tasks (uploaded by the device or audited): the overall figures and, per stage, measure item, building and task, the pass rate, judged values, sites and severe deviation rate. It can show one stage only, or audited tasks only.",
    ],
    items: [
      ['Audit', 'Lists only the reports of audited or of not audited tasks.'],
      ['Task name', 'Opens the task detail; seeing the report there marks it read.'],
      [
        'Download PDF / Download Excel',
        'Download one or more selected ready reports; several come as one zip. A dialog shows the progress and can cancel. The platform sets how many reports one download may hold; beyond it you see "No more than {0} reports should be downloaded each time".',
      ],
      [
        'Delete',
        "Deletes the selected reports and their files (needs the report data delete permission); the tasks stay, and a report is rendered again when its task's data changes.",
      ],
    ],
  },
  projectList: {
    title: 'Projects',
    paragraphs: [
      "Lists the company's projects (project administrators and surveyors see only those assigned to them), most recently updated first, 10 per page; the pager moves between pages or shows 20 or 30 per page.",
    ],
    items: [
      [
        'Search by project name',
        'Type part of a project name (at most 20 characters) and press Enter or click the search icon; clear it and search again to see all projects.',
      ],
      [
        'Project name, Address, Province / city / district, Buildings, Published state, Updated',
        'The columns; published projects carry a "Locked" mark.',
      ],
      ['Details', 'Opens the project detail.'],
      ['Edit', 'Changes the project and its buildings (needs "Project detail").'],
      [
        'Publish',
        'Publishes the project and locks its existing data (needs "Publish project"), after a confirmation.',
      ],
      [
        'Delete',
        'Deletes the project with all its data: buildings, staff, house types and their files, site types, household assignments and log (needs "Delete project"), after a confirmation; this cannot be undone.',
      ],
      ['New project', 'Opens the new project form (needs "Create project").'],
    ],
    steps: [
      'New project: click "New project" and enter the project name (required, at most 20 characters, unique in the company) and, optionally, the address, province, city, district, detailed address, project manager and regional company.',
      'The project manager can be picked from the company users or typed in; a picked user joins the project staff.',
      'In the "Buildings" table click "Add building" and enter for each building its number (at most 20 characters, unique in the project), stories (1 to 200), households per floor (1 to 50) and delivery standard (fine decoration or no decoration). A project has at most 200 buildings.',
      'Click "Save"; you see "Project created".',
    ],
    rules: [
      'A name already used shows "A project with this name already exists in the company"; a repeated building number shows "Duplicate building number".',
      'Removing a building, or making it smaller than floors or households that have a house type, is refused with "Building N has house type assignments outside the new size or is being removed; unassign them first".',
      'A published project cannot be edited any more ("The project is published and its data is locked"); publishing it again shows "The project is already published".',
    ],
  },
  projectDetail: {
    title: 'Project detail',
    paragraphs: [
      'Opened with "Details" in the project list or Data reports. The title shows the project name and its published state; at the top right are "Back to projects" and the buttons "Project standards", "Design value templates" and "Algorithm parameter templates", which open those pages of this project, and "Edit" for holders of "Project detail".',
      'The page has five tabs and comes back to the tab chosen last. Users without "Project detail" can only look: the buttons that change data are not shown.',
    ],
    items: [
      [
        'Overview',
        'Address, project manager, regional company, created and published times, and the numbers of buildings, floors, households, house types and households with a house type.',
      ],
      [
        'Households',
        'The house type of every household by building and floor. "Assign house type" gives a house type to floors of a building (optionally only some households; none chosen means every household of those floors); "Unassign" removes the house types in the chosen range (optionally only one house type).',
      ],
      [
        'House types',
        'The house types of the project: name, type (image or DXF), area, floor kind (standard or non-standard floor), file, households and updated time. Search by name; each row offers "Edit plan" ("View plan" without the permission or once published), "Preview" (images), "Download", "Assign", "Rename", "Copy" to another project and "Delete"; with rows ticked, "Delete selected".',
      ],
      [
        'Upload house type',
        'Enter the house type name (required, at most 20 characters: Chinese characters, letters, digits or underscore; unique in the project), the floor area (greater than 1, at most two decimals) and the floor kind, and choose the file: jpg, jpeg or png images up to 5 MB, DXF drawings up to 50 MB.',
      ],
      [
        'Site types',
        'The site types of the project (living room, bedroom, ...): name, rooms using it, measure items and created time. Enter a name (under 10 characters) and click "Add site type"; "Details" opens its measure items; a site type no room uses can be deleted.',
      ],
      ['Project log', 'What changed in the project: time, by whom and the change, page by page.'],
    ],
    rules: [
      'A house type name already used shows "The house type already exists; choose another name"; a wrong file kind shows "Only jpg, jpeg, png or dxf files can be uploaded"; a file too large, an image whose content is not valid or that exceeds 40 megapixels, or a DXF that cannot be read each get their own message, and nothing is kept.',
      'A house type assigned to households cannot be deleted: "The house type is assigned to households; unassign it first".',
      'Floors go from 1 to the building\'s stories and the first may not be above the last ("The last floor cannot be below the first", "Invalid floor range").',
      'A site type name already used shows "This site type name already exists"; a site type that rooms use cannot be deleted: "Rooms use this site type; it cannot be deleted".',
      'Copying a house type copies its plan file and markings; the site types of its rooms are matched by name in the target project and created when missing.',
      'Once the project is published, changing, renaming or deleting existing house types, deleting site types or reassigning households that have a house type are refused; new house types, new site types and assigning households without one remain possible.',
    ],
  },
  projectUser: {
    title: 'Project staff',
    paragraphs: [
      'Assigns people to projects. Project administrators and surveyors see a project only when they are on its staff. The page has two tabs.',
    ],
    items: [
      [
        'Staff of a project',
        'Choose a project: company users are on the left, the project staff on the right; move the selected people with the arrows between them and click "Save". Both lists can be searched.',
      ],
      ['Projects of a user', 'Choose a user, then the projects the user works on, and save.'],
    ],
    rules: ['Saving shows "Staff saved". The staff of a published project can still change.'],
  },
  floorPlan: {
    title: 'House type maps',
    paragraphs: [
      'Lists the house types of every project you may see, to find a plan in one place. Filter by project ("All projects" for none) or search by house type name.',
    ],
    items: [
      [
        'House type, Type, Area, Floor kind, Households, Updated',
        'The same columns as the "House types" tab of the project detail.',
      ],
      ['Rooms, Stations, Points', 'How many rooms, stations and measuring points are drawn on the plan.'],
      ['Open project', 'Opens the project the house type belongs to.'],
      ['Edit plan', 'Opens it in the floor plan editor.'],
      ['Download', 'Downloads the plan file.'],
    ],
    rules: [
      'When the list cannot be read you see "The house types could not be read". House types are added, changed and deleted in the "House types" tab of the project detail.',
    ],
  },
  floorPlanEditorDetail: {
    title: 'Floor plan editor',
    paragraphs: [
      'Draws rooms and places stations and measuring points on a house type\'s plan; they tell the robot where to measure. Open it with "Edit plan" in the "House types" tab of the project detail or on the House type maps page. DXF drawings and images can both be edited.',
      'Without "Save floor plan detail", or once the project is published, the editor is read-only and says why at the top.',
    ],
    items: [
      [
        'Select (V)',
        'Click to select, drag to move; drag a vertex of the selected room to reshape it; drag empty space to pan, scroll to zoom.',
      ],
      [
        'Draw room (R)',
        'Click to place the vertices (at least 3); click the first vertex, double-click or press Enter to finish; Backspace removes the last vertex, Esc cancels.',
      ],
      ['Place station (S)', 'Click inside a room; the station belongs to the room it is in.'],
      [
        'Place point (P)',
        'Click to place a measuring point; it belongs to its room and the nearest station of that room.',
      ],
      [
        'Undo, Redo, Delete',
        'Undo (Ctrl+Z) or redo (Ctrl+Y or Ctrl+Shift+Z) the last change; delete the selected element (Delete).',
      ],
      ['Zoom in, Zoom out, Fit to view', 'Change the scale (+, -); "Fit to view" (F) shows the whole plan.'],
      ['Elements', 'The lists of rooms, stations and points; click one to select it on the plan.'],
      [
        'Layers',
        'The layers of a DXF drawing, shown or hidden one by one or with "Show all" and "Hide all".',
      ],
      [
        'Properties',
        "Name, site type (rooms), room, position and the like of the selected element, editable here. A room's site type is chosen from the project's site types.",
      ],
      [
        'Save',
        'Saves every change (Ctrl+S); "Unsaved changes" shows while there are any, "Floor plan saved" after saving.',
      ],
    ],
    rules: [
      'A house type holds at most 2,000 rooms, 2,000 stations and 20,000 measuring points; a room has at most 1,000 vertices, and all rooms together at most 100,000.',
      'Without site types in the project the editor says "The project has no site types yet; add them under Site types in the project details".',
      'Leaving with unsaved changes asks "Leave the editor?" with "Discard and leave" or "Stay".',
      'A browser without WebGL cannot show DXF drawings; the editor explains this and offers "Reload".',
      'If the project is published while you edit, saving is refused with "The project is published and its data is locked" and the editor turns read-only.',
    ],
  },
};

export default projects;
