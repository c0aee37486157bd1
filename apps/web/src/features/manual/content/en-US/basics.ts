import type { ManualSection } from '../types.ts';
import type zh from '../zh-CN/basics.ts';

/** Getting started: overview, roles, signing in, the screen. */
const basics: Record<keyof typeof zh, ManualSection> = {
  overview: {
    title: 'Overview',
    paragraphs: [
      'Measure Cloud is the cloud platform for construction measurement: the company sets up projects, buildings and house types here, maintains the measurement standards, sends measurement tasks to robots and surveyors, and reads the measurement data.',
      'A project is usually prepared in this order: create the project with its buildings → (optionally) set its staff → upload the house type plans → assign house types to floors and households → add site types and set their measure items → draw rooms, stations and points in the floor plan editor → check the project standards, design value templates and algorithm parameter templates → publish the project.',
      'Once a project is published its existing data is locked: changing or deleting it is refused with "The project is published and its data is locked". Adding a house type or a site type, and assigning house types to households that have none, remain possible.',
      'Every page has its section in this manual. The contents on the right jump to any section; the search box at the top of the manual filters the sections by a keyword.',
    ],
  },
  roles: {
    title: 'Roles and permissions',
    paragraphs: [
      'Every user has one or more roles; the first role decides what the user may do. "Roles that can use it" at the top of each page section lists the roles that can open the page. Buttons that change data also need their permission: without it the page is read-only or the button is not shown, and the server refuses the action anyway with "You are not permitted to do this".',
    ],
    items: [
      [
        'Company administrator',
        'Runs everything of the company: projects (create, edit, publish, delete, staff), floor plan editing, measure rules, the standard library, users (including edit, disable, delete and password reset), organisations, the permission list and devices.',
      ],
      [
        'Measurement administrator',
        'Looks after projects and standards: every project action, floor plan editing, the standard library, project standards and measure rules; can see, create and import users but not edit, disable or delete them; no organisations, permissions or devices.',
      ],
      [
        'Project administrator, surveyor',
        'See only the projects they are assigned to, opened from Data reports; the project details, standards, templates and plans are read-only for them.',
      ],
      ['Manual surveyor, factory administrator', 'Labels only; they cannot be given to users.'],
    ],
    rules: [
      'Company and measurement administrators see every project of the company; project administrators and surveyors only the projects assigned to them; another project shows "The project does not exist or you may not see it".',
      'A page your role cannot use, opened by its address, shows "No permission: Your role cannot use this page."; "Back to home" returns to Data reports.',
    ],
  },
  login: {
    title: 'Signing in',
    paragraphs: [
      'Open the platform address in your browser and you arrive at the sign-in page. The switch at the top right changes the interface between 中文 and English; the choice is kept in this browser.',
      'Opening the sign-in page while signed in ends the current session; sign in again.',
    ],
    items: [
      [
        'Email or mobile number',
        'The email address of your account or its 11-digit mobile number; either signs you in.',
      ],
      ['Password', 'The eye icon shows or hides the password.'],
      [
        'Remember password',
        'Keeps your sign-in details encrypted in this browser and fills them in next time; untick it and sign in again to remove them. Do not tick it on a shared computer.',
      ],
      ['Sign in', 'Or press Enter. You then arrive at Data reports.'],
      [
        'Forgot password?',
        'Opens "Reset password" to get a verification code by email or mobile phone and set a new password (steps below).',
      ],
    ],
    steps: [
      'If you forgot the password: click "Forgot password?", choose how to verify (email or mobile number) and enter the email or mobile number of your account.',
      'Click "Get code". The code is valid for 10 minutes; you can ask for another one after 60 seconds.',
      'Enter the 6-digit code, the new password and its confirmation, then click "Reset password". You see "The password was reset; sign in with the new password", and sign-ins on other devices end.',
    ],
    rules: [
      'An empty user name or password shows "Please enter your user name" or "Please enter your password" under the field.',
      'A wrong user name or password shows "Wrong user name or password"; after too many failures, "Too many attempts; try again in N seconds".',
      'When an administrator set or reset your password, or it has expired, a "Change password" dialog opens first; you enter the platform after changing it.',
      'A new password has 9 to 16 characters with a digit, a letter and one of !@#$%^&*?()\\; two different entries show "New password input is inconsistent".',
      'A wrong or expired code shows "The verification code is wrong or has expired"; asking too often shows "Codes are requested too often; try again in N seconds".',
      'When a new version is available, its "Version update" notes open after you sign in; "Got it" closes them for good.',
    ],
  },
  shell: {
    title: 'The screen, tabs and signing out',
    paragraphs: [
      'After signing in, the menu on the left lists only the pages your role can use; on a child page (such as a project detail) its parent entry stays selected. The arrow at the bottom of the menu collapses it to icons.',
      'The top bar holds, from left to right: the language switch, "User manual", your name, "Personal centre" and "Sign out". Your name is only shown there; to open your profile, click the "Personal centre" button next to it. After a language switch every text on the screen, messages from the server included, is in the chosen language at once.',
      'Every page you open adds a tab below the top bar; a page never appears twice. Click a tab to return to it, or its close icon to close it. The "Tabs" menu on the right offers "Close this", "Close others" and "Close all". When the tab bar is full, the tab opened longest ago closes by itself, so no tab is ever cut short.',
      'Child pages (project detail, project standards, the house type editor, new user and others) show breadcrumbs at the top: the menu page they open from, the project they belong to and the page itself. Click a name to go back to it.',
      'Lists sort by a column header that shows sort arrows (click again for descending, a third time to clear); the server sorts, so the order holds across pages. "Export to Excel" on the user, project, house type, task, device and data pool lists exports every row the current filters and order show (at most 10,000 users, projects, house types or tasks).',
      'Open pages keep themselves up to date: the task pages, task center, home, robots, reports, work orders and the message count change as robots upload and colleagues work, without reloading. After a lost connection they read their data again once it is back.',
      'Signing out: click "Sign out" and confirm "Do you want to sign out?" with OK; you see "Signed out" and the sign-in page. On a shared computer, always sign out.',
    ],
    rules: [
      'The network is checked every 5 seconds: "The network is disconnected" when it goes, "The network is connected again" when it is back, and "The request timed out; please check the network" after a timeout.',
      'When your session has ended (a long pause, the password changed elsewhere, or the account was disabled), "Your sign-in has expired or the account was disabled; signing you out" appears and the sign-in page follows after 2 seconds.',
      'A server failure shows "The server is not responding; please try again later"; a broken network shows "Network error; please check your connection".',
      'Input that breaks a rule is explained under its field, and nothing is saved.',
      'An address that does not exist shows "Page not found"; a page that fails to load (network down, or the platform was updated) shows "The page could not be loaded" with "Reload".',
    ],
  },
};

export default basics;
