import type { ManualSection } from '../types.ts';
import type zh from '../zh-CN/project-setup.ts';

/** Project set-up: project standards, stage standards, site type details, design value and algorithm templates. */
const projectSetup: Record<keyof typeof zh, ManualSection> = {
  standardManageUCDetail: {
    title: 'Project standards',
    paragraphs: [
      'A project keeps its own copy of the standard library for each stage (structure, masonry, plaster, decoration, floor ground), and its measurements are judged by that copy. Changes to the library do not change the project standards by themselves: take them here with "Take library update".',
      'Opened with "Project standards" at the top right of the project detail. Changes need "Modify standards" (company and measurement administrators) and are locked once the project is published; a read-only page says why at the top.',
    ],
    items: [
      [
        'Stage, Measure items, Enabled',
        'How many measure items each stage has and how many of them are enabled.',
      ],
      [
        'Against the library',
        '"Up to date", or "Library updated" when the library changed after it was taken.',
      ],
      [
        'Taken from the library, Last changed',
        'When the stage last took the library and when it was last changed.',
      ],
      ['Measure items', 'Opens the stage standards page of that stage.'],
      [
        'Take library update',
        "Takes the library's current items into the stage: changed items get the library's standards and new items are added; each item keeps its enabled state and selected standard. You confirm first.",
      ],
      ['Take library updates for all stages', 'Does the same for every stage at once.'],
    ],
    rules: [
      'Afterwards you see "Library update taken". For a published project: "The project is published: its standards are locked and cannot be changed."',
    ],
  },
  standardTypePage: {
    title: 'Stage standards',
    paragraphs: [
      'Edits the measure items of one stage of a project: whether each is enabled, which standard judges it and each standard\'s values. Opened with "Measure items" on the project standards page; the same permission and lock apply.',
      'The page is one form: "Save changes" sends only the items you changed; "Discard changes" returns to what was saved.',
    ],
    items: [
      [
        'Code, Measure item, Judging',
        'The judging mode is "Reading", "Deviation from design" or "Range (max − min)"; items marked "Concrete" or "Needs design value" have extra rules.',
      ],
      ['Enabled', 'Only enabled items are measured and judged.'],
      [
        'Standards',
        'An item may have several standards; the selected one judges. Each has left, right, warning left, warning right and severe deviation limits (mm).',
      ],
      [
        'Changed in the library / Removed from the library',
        'The library item was changed or deleted after it was taken; a changed item can take its own library update.',
      ],
      [
        'Add them to this stage',
        'Library items new to this stage that the project lacks are listed at the top; one click adds them.',
      ],
    ],
    rules: [
      'Standard values lie between -100 and 100 (concrete items 0 to 100) with left not above right; the warning range lies inside the standard range, left not above right; the severe deviation limit is 0 to 200, empty meaning the default (twice the width of the standard).',
      'With errors you see "Correct the marked errors first" and each error under its value; with nothing changed, "Nothing has changed"; after saving, "Stage standards saved".',
      'Judging: a value inside the warning range is qualified; inside the standard range but outside the warning range it is a warning (still qualified); outside the standard range it is unqualified; more than the severe deviation limit beyond the edge it is a severe deviation. Pass rate = qualified readings (warnings included) / all readings.',
    ],
  },
  pointTypeDetail: {
    title: 'Site type details',
    paragraphs: [
      'Sets the measure items a site type (living room, bedroom, ...) is measured for, with their design values, warning values and standards. Opened with "Details" in the "Site types" tab of the project detail.',
      'Changes need "Project detail" (company and measurement administrators) and are locked once the project is published.',
    ],
    items: [
      [
        'Measure items to add',
        'Choose among the enabled items of the project standards (grouped by stage) and click "Add items".',
      ],
      ['Design value (mm)', '0 to 20,000; items marked "Needs design value" should have one.'],
      ['Warning value (mm)', '-100 to 100.'],
      ['Standard', 'Empty: the standard selected in the project standards, such as [0, 8].'],
      ['Remove', 'Takes the item off the site type.'],
      ['Save, Discard changes', 'Saves every change, or returns to what was saved.'],
    ],
    rules: [
      'A design value out of range shows "The design value must be between 0 and 20,000".',
      'Only one of the items that read a height may carry a design value: "Only one net height design value can be saved".',
      'When an item that needs a design value has none, saving asks "Some measure items of this site have no design value. Save anyway?"; "Save anyway" saves.',
      'An item no longer in the project standards is marked "Not in the project standards" and saving is refused with "The measure item is not in the project standards".',
      'After saving you see "Site type measure items saved".',
    ],
  },
  designValueTemplate: {
    title: 'Design value templates',
    paragraphs: [
      'A design value template gives the design values of measure items (net height, bay, depth and the like) for house types; readings are compared with them. House types without a template of their own use the default template, which the platform creates and which cannot be deleted.',
      'Opened with "Design value templates" at the top right of the project detail. Changes need "Project detail" and are locked once the project is published.',
    ],
    items: [
      [
        'New template',
        'Enter the template name (required, at most 20 characters, unique in the project), click "Add measure item" and, on each row, choose an item of the project standards and enter its design value (mm, 0–20,000).',
      ],
      [
        'Edit, Delete',
        'Changes a template; deleting one sends the house types using it back to the default template.',
      ],
      [
        'Templates of the house types',
        'The template of each house type and whether its design values are "Complete" or "N missing".',
      ],
      [
        'Change template, Apply a template to the selected',
        'Gives one or more house types a template; choosing the default template goes back to it.',
      ],
    ],
    rules: [
      'At least one measure item, each item once; design values from 0 to 20,000 mm; only one net height design value.',
      'A name already used shows "A template with this name already exists in the project"; deleting the default template is refused with "The default template cannot be deleted".',
      'Items that need a design value and are missing from a template are listed, as a warning that house types using it will be measured without one.',
    ],
  },
  algorithmTemplateDetail: {
    title: 'Algorithm parameter templates',
    paragraphs: [
      'An algorithm parameter template holds the parameters the measuring algorithms use. A template belongs to the project or is company-wide (every project can use it). The top of the page says how many templates the project can use.',
      'Opened with "Algorithm parameter templates" at the top right of the project detail. Changes need "Project detail"; once the project is published its own templates are read-only, while company-wide ones can still change.',
    ],
    items: [
      ['Search by template name', 'At most 32 characters.'],
      [
        'New algorithm template',
        'Enter the template name, description, scope (this project or company-wide) and the parameters.',
      ],
      ['Parameters', 'Each has a name, minimum, maximum, value and unit; "Add parameter" adds a row.'],
      [
        'Edit, Delete',
        'Changes or deletes a template; deleting a company-wide one warns that no project will be able to use it any more.',
      ],
    ],
    rules: [
      'At least one parameter and at most 100; names required, at most 32 characters and unique; the minimum cannot exceed the maximum; the value lies between them; units at most 8 characters.',
      'A template name already used shows "An algorithm parameter template with this name already exists"; a repeated parameter name shows "Duplicate parameter name".',
    ],
  },
};

export default projectSetup;
