import type { ManualSection } from './types.ts';

const manual: ManualSection[] = [
  {
    id: 'login',
    title: 'Signing in',
    paragraphs: [
      'Open the platform address in your browser and you arrive at the sign-in page. The switch at the top right changes the interface between 中文 and English; the choice is kept in this browser for your next visit.',
      'As user name, enter the email address of your account or its 11-digit mobile number. If the user name or password is empty, a hint appears under the field and disappears as soon as you type.',
    ],
    steps: [
      'Enter your user name and password. The eye icon in the password field shows or hides the password.',
      'To have this computer remember your sign-in, tick “Remember password”. The details are stored encrypted in this browser; untick it and sign in again to remove them.',
      'Click “Sign in” or press Enter. You then arrive at the “Data reports” page.',
      'If an administrator set or reset your password, or it is older than the allowed age, a “Change password” dialog opens first; you enter the platform after changing it.',
      'When a new version is available, its release notes open once after you sign in.',
    ],
  },
  {
    id: 'forgot',
    title: 'Forgotten password',
    paragraphs: [
      'On the sign-in page, click “Forgot password?” to receive a verification code by email or mobile phone and set a new password.',
    ],
    steps: [
      'Choose how to verify (email or mobile number) and enter the email or mobile number of your account.',
      'Click “Get code”. The code is valid for 10 minutes; you can ask for another one after 60 seconds.',
      'Enter the 6-digit code, the new password and its confirmation, then click “Reset password”.',
      'The new password must have 9 to 16 characters with a digit, a letter and one of !@#$%^&*?()\\. After the reset, sign-ins on other devices end; sign in again with the new password.',
    ],
  },
  {
    id: 'layout',
    title: 'Screen layout and tabs',
    paragraphs: [
      'After signing in, the menu on the left lists only the pages your role and your company’s enabled features allow. The top bar has the language switch, this user manual, your personal centre and sign-out.',
      'Every page you open adds a tab above the content; a page never appears twice. Click a tab to return to it, or its close icon to close it. The “Tabs” menu on the right closes this tab, all other tabs or all tabs.',
      'The platform checks the network every 5 seconds and tells you when the connection is lost, comes back or a request times out. If your sign-in has expired, you are told so and taken back to the sign-in page after 2 seconds.',
    ],
  },
  {
    id: 'projects',
    title: 'Data reports: the project list',
    paragraphs: [
      'The “Data reports” page lists the projects you may see: company and measurement administrators see every project of the company, other roles see the projects they are assigned to.',
      'Each row shows the project name, address, number of buildings, published state and last update. Ten projects are shown per page; use the pager to move between pages or show 20 or 30 per page.',
    ],
    steps: [
      'Type part of a project name (at most 20 characters) into the search box and press Enter or click the search button.',
      'Clear the search box and search again to see all projects.',
    ],
  },
  {
    id: 'profile',
    title: 'Personal centre',
    paragraphs: [
      'Click your name in the top bar or “Personal centre” in the menu to see your name, email, mobile number, gender, position, department, company, organisation and roles.',
    ],
    steps: [
      'Click “Edit” to change your name, email, mobile number, gender, position or department.',
      'The name is required and may contain Chinese characters, letters, digits or underscores, up to 32 characters. The email must be valid. The mobile number is optional; when given it must be an 11-digit mainland number. Position and department take up to 32 characters.',
      'Click “Save”. If the email or mobile number is already used by someone else, the field tells you so.',
    ],
  },
  {
    id: 'password',
    title: 'Changing your password',
    paragraphs: ['Choose “Change password” in the menu to change your password at any time.'],
    steps: [
      'Enter your old password, the new password and the new password again; you are told if the two entries differ.',
      'The new password must have 9 to 16 characters with a digit, a letter and one of !@#$%^&*?()\\, and must differ from the old one.',
      'Click “Change password”. You stay signed in here; sign-ins on other devices end.',
    ],
  },
  {
    id: 'signout',
    title: 'Signing out',
    paragraphs: [
      'Click “Sign out” in the top bar and confirm. On a shared computer, always sign out and do not tick “Remember password”.',
    ],
  },
];

export default manual;
