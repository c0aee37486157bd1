import type profile from './zh-CN.ts';

const profileEnUS: Record<keyof typeof profile, string> = {
  title: 'Personal centre',
  editTitle: 'Edit profile',
  changePasswordTitle: 'Change password',
  'field.Name': 'Name',
  'field.Email': 'Email',
  'field.Phone': 'Mobile number',
  'field.Gender': 'Gender',
  'field.Position': 'Position',
  'field.Department': 'Department',
  'field.Company': 'Company',
  'field.Org': 'Organisation',
  'field.Roles': 'Roles',
  'gender.0': 'Unknown',
  'gender.1': 'Male',
  'gender.2': 'Female',
  saved: 'Saved',
  saveFailed: 'Saving failed',
};

export default profileEnUS;
