import type zhCN from './zh-CN.ts';

const enUS: Record<keyof typeof zhCN, string> = {
  'manual.title': 'Enter readings',
  'manual.note':
    "Type in readings for the task's households and rooms (only the items whose measure rule allows manual entry). They are judged at once with the task's frozen standard; saving a room again corrects it.",
  'manual.household': 'Household',
  'manual.room': 'Room',
  'manual.wholeHousehold': 'Whole household',
  'manual.householdLabel': '{{building}} floor {{floor}}, household {{household}}',
  'manual.item': 'Measure item',
  'manual.values': 'Readings (mm)',
  'manual.standard': 'Standard [{{left}}, {{right}}]',
  'manual.addValue': 'Add a reading',
  'manual.removeValue': 'Remove the reading',
  'manual.save': 'Save',
  'manual.saved': 'Readings saved, pass rate {{rate}}',
  'manual.nothing': 'Fill in readings for at least one item',
  'manual.noItems': 'No item of this task allows manual entry',
  'manual.readOnly': 'The task is closed or not assigned to you: readings can only be viewed',
  'manual.entries': 'Sites entered',
  'manual.edit': 'Edit',
  'manual.place': 'Place',
  'manual.readings': 'Readings',
  'manual.passRate': 'Pass rate',
  'manual.needsDesign': "Design value from the room's site type",
  'manual.back': 'Back',
  'grade.qualified': 'Qualified',
  'grade.warning': 'Warning',
  'grade.unqualified': 'Unqualified',
  'grade.exploded': 'Exploded',
};

export default enUS;
