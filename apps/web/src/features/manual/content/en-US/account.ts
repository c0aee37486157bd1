import type { ManualSection } from '../types.ts';
import type zh from '../zh-CN/account.ts';

/** Your account: personal centre, password, this manual. */
const account: Record<keyof typeof zh, ManualSection> = {
  aboug: {
    title: 'Personal centre',
    paragraphs: [
      'Shows and changes your own profile. Open it with the "Personal centre" button in the top bar (right of your name) or "Personal centre" in the menu. It shows your name, email, mobile number, gender, position, department, company, organisation and roles.',
    ],
    steps: [
      'Click "Edit" and change your name, email, mobile number, gender, position or department in "Edit profile".',
      'Click "Save"; you see "Saved". Company, organisation and roles are set by administrators and cannot be changed here.',
    ],
    rules: [
      'The name is required: Chinese characters, letters, digits or underscores, at most 32 characters. The email is required and must be valid. The mobile number is optional; when given it is an 11-digit mainland number. Position and department take at most 32 characters.',
      'An email or mobile number someone else uses shows "This email address is already in use" or "This mobile number is already in use" under the field.',
    ],
  },
  changePassword: {
    title: 'Change password',
    paragraphs: ['"Change password" in the menu changes your sign-in password at any time.'],
    steps: [
      'Enter your old password, the new password, and the new password again under "Confirm new password".',
      'Click "Change password"; you see "Password changed". You stay signed in here; sign-ins on other devices end.',
    ],
    rules: [
      'The new password has 9 to 16 characters with a digit, a letter and one of !@#$%^&*?()\\.',
      'A wrong old password shows "The old password is wrong"; the same password as before shows "The new password must differ from the old one"; two different entries show "New password input is inconsistent".',
    ],
  },
  userManual: {
    title: 'User manual',
    paragraphs: [
      'This manual. Open it with "User manual" in the top bar or in the menu; every role can use it, and it follows the interface language.',
      'The contents on the right list every section by chapter; click one to jump there. The search box at the top of the manual filters the sections by a keyword (titles and text both match). Each page section starts with the roles that can use the page; pages reachable from the menu also get an "Open this page" link.',
    ],
  },
};

export default account;
