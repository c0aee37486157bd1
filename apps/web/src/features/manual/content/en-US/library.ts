import type { ManualSection } from '../types.ts';
import type zh from '../zh-CN/library.ts';

/** The standard library and the measure rules. */
const library: Record<keyof typeof zh, ManualSection> = {
  standardManage: {
    title: 'Standard library',
    paragraphs: [
      'The company\'s standard library: the judging mode and standards of every measure item (surface flatness, verticality, net height, ...). Each project keeps a copy per stage as its project standards; changing the library does not change them by itself: the project takes the change with "Take library update" on its project standards page.',
      'The menu entry "Standard library" needs "Modify standards" (company and measurement administrators).',
    ],
    items: [
      [
        'Stage tabs',
        'All stages, or structure, masonry, plaster, decoration, floor ground, each with its number of items.',
      ],
      [
        'Judging mode, Search by code or name',
        'Filter by judging mode, or search codes and Chinese and English names (at most 32 characters).',
      ],
      [
        'The list',
        'Code, name (in the current language, the other language below), stage, judging mode, concrete, dimension, needs design value, standards / warning / severe deviation (mm) and updated time.',
      ],
      [
        'New measure item, Edit',
        'Code, Chinese name, English name, stage, judging mode, concrete item or not, dimension read (width, height, thickness or none), needs a design value or not, and up to 10 standards (standard name, English name, left, right, warning left, warning right, severe deviation limit).',
      ],
      ['Delete', 'Deletes the measure item; standards already copied into projects are not affected.'],
    ],
    rules: [
      'Codes hold letters, digits, underscores, dots and hyphens, at most 20 characters, unique in the company; a code, or a name within the stage, already used shows "Duplicate measure item: the code, or the name in this stage, already exists".',
      'Judging modes: absolute (the reading itself is judged), deviation (reading - design value; always needs a design value), range (max - min of the readings of one site).',
      'The standard range [left, right] lies between -100 and 100 (concrete items 0 to 100), left not above right; the warning range lies inside it; the severe deviation limit is 0 to 200, empty meaning twice the width of the standard.',
      'At least one standard and at most 10, with different names; the library holds at most 500 measure items.',
    ],
  },
  measureRuleManage: {
    title: 'Measure rules',
    paragraphs: [
      'A measure rule says how many readings an item takes per site, how long the ruler is, where it is laid and whether readings may be typed in by hand. Switch stages with the tabs and click "Edit rule" to change one.',
      'The menu entry "Measure rules" needs "Manage measure rules" (company and measurement administrators).',
    ],
    items: [
      ['Readings (min / initial / max)', 'The number of readings per site.'],
      ['Ruler', 'The ruler length, 1 to 5,000 mm.'],
      [
        'Ruler positions',
        'Up to 20, each with a name, offset (from the wall edge, mm), height (from floor or ceiling, mm) and angle (-180° to 180°).',
      ],
      ['Manual entry', 'Whether surveyors may type in the readings of this item.'],
      [
        'Baseboard line, Door cover line',
        'Baseboard start / end height and door cover start / end margin (mm); both empty means not measured.',
      ],
    ],
    rules: [
      'Readings per site lie between 1 and 20,000 with min ≤ initial ≤ max, or you see "Readings per site must be between 1 and 20,000", "The minimum number of readings cannot exceed the maximum" or "The initial number of readings must be between the minimum and the maximum".',
      'The baseboard start height is below its end height by at least 50 mm; the door cover start margin is below its end margin by at least 50 mm; each pair is filled in together or left empty together.',
      'After saving you see "Measure rule saved".',
    ],
  },
};

export default library;
