import type { ManualSection } from '../types.ts';
import type zh from '../zh-CN/people.ts';

/** People: user management, create / edit user, organisations, permissions. */
const people: Record<keyof typeof zh, ManualSection> = {
  mscUser: {
    title: 'User management',
    paragraphs: [
      'The company\'s users. The menu entry "User management" needs "View users" (company and measurement administrators). Measurement administrators can create and import users; editing, enabling or disabling, resetting passwords and deleting are for company administrators.',
      '20 users per page by default; 10, 20 or 30 can be chosen.',
    ],
    items: [
      ['Name, email or mobile number', 'Search by a keyword (at most 32 characters).'],
      [
        'All organisations, All statuses',
        'Filter by organisation (its sub-organisations included) or status (normal, disabled).',
      ],
      ['The list', 'Name, email, mobile, organisation, roles, status and created time.'],
      [
        'Status switch',
        'Enables or disables the user, after a confirmation. A disabled user is signed out at once and cannot sign in any more.',
      ],
      ['Edit', 'Opens "Create / edit user" for the user.'],
      [
        'Reset password',
        "Sets a new password (9 to 16 characters with a digit, a letter and a special character). All the user's sessions end and the user must change the password at the next sign-in.",
      ],
      [
        'Delete, Delete selected',
        'Deletes one user or the ticked users, after a confirmation; this cannot be undone.',
      ],
      ['New user', 'Opens "Create / edit user".'],
      ['Import users', 'Imports users from Excel (steps below).'],
    ],
    steps: [
      'Click "Import users", then "Download template" in the dialog, and fill it in (.xlsx only, at most 5 MB and 5,000 rows).',
      'Click or drop the filled-in file to upload it. Every row is checked: you see how many rows there are, how many are valid and how many have errors, with each field problem of a row; "Only rows with errors" narrows the table.',
      'While a row has errors no user is imported: correct the file and click "Upload another file".',
      'When every row is valid, enter the initial password (all imported users get it and must change it at first sign-in) and click "Import N users". The import is all or nothing.',
    ],
    rules: [
      'You cannot delete or disable your own account: the Delete button of your own row is disabled and says "You cannot delete your own account".',
      'At least one enabled company administrator must remain ("At least one enabled company administrator must remain").',
      'An import file whose header row differs from the template shows "The header row does not match the template; download the template and fill it in"; a repeated row shows "Same as row N"; an unknown organisation code shows "No organisation has this code".',
      'An import preview lasts one hour after the upload; later you see "The import preview has expired or does not exist; upload the file again".',
    ],
  },
  mscUserCreate: {
    title: 'Create / edit user',
    paragraphs: [
      'Creating a user needs "Create user" (company and measurement administrators); editing one needs "Manage users" (company administrators). Opened with "New user" or a row\'s "Edit" in user management; Save or Cancel returns to the list.',
    ],
    items: [
      ['Name', 'Required: Chinese characters, letters, digits or underscores, at most 32 characters.'],
      ['Email', 'Required; the email is the sign-in name and unique across all companies.'],
      [
        'Mobile number',
        'Optional; when given an 11-digit mainland number, unique across all companies, which also signs in.',
      ],
      ['Position, Department', 'Optional, at most 32 characters.'],
      ['Gender, Status', 'Gender unknown, male or female; status normal or disabled.'],
      ['Organisation', 'The organisation the user belongs to, or none.'],
      ['Roles', 'Several roles may be chosen, in order: the first role decides what the user may do.'],
      [
        'Initial password',
        'Required when creating: 9 to 16 characters with a digit, a letter and a special character; the user must change it at first sign-in.',
      ],
    ],
    rules: [
      'A required field left empty shows "This field is required"; a malformed email shows "Enter a valid email address", a malformed mobile number "Enter a valid mobile number".',
      'An email or mobile number already in use shows "This email address is already in use" or "This mobile number is already in use" under its field.',
      'Only a company administrator can give the company administrator role ("Only a company administrator can grant the company administrator role").',
      'Saving shows "User created" or "Saved".',
    ],
  },
  orgManage: {
    title: 'Organisations',
    paragraphs: [
      'Maintains the company\'s organisation tree (branches, departments) and its members. Needs "Manage organisations" (company administrators).',
      'The tree is on the left and can be searched by name or code; choose an organisation to see its actions and direct members on the right. Codes are generated (ORG001, ORG002, ...).',
    ],
    items: [
      ['New top-level organisation', 'Creates an organisation without a parent.'],
      ['New sub-organisation', 'Creates an organisation under the chosen one.'],
      [
        'Rename, Move',
        'Changes the name, or moves the organisation under another parent (no parent: top level).',
      ],
      ['Delete', 'Deletes the organisation; not while it has sub-organisations or users.'],
      [
        'Add users',
        'Puts users into the chosen organisation. A user belongs to one organisation: added users leave their current one.',
      ],
      ['Remove', 'Takes a user out of the organisation; the user is then in none.'],
    ],
    rules: [
      'The name is required, at most 32 characters, and unique under the same parent ("An organisation with this name already exists under the same parent").',
      'An organisation cannot be moved under itself or one of its sub-organisations.',
      'Deleting one with sub-organisations shows "This organisation still has sub-organisations; delete or move them first"; with users, "This organisation still has users; remove them from it first".',
    ],
  },
  permissionList: {
    title: 'Permissions',
    paragraphs: [
      'Shows the permission catalogue and the roles. Needs "View permissions" (company administrators). Permissions and roles are fixed by the platform and can only be viewed here; roles are given to users in "Create / edit user".',
    ],
    items: [
      [
        'Permission catalogue',
        'The name, ID mark and description of every permission and the roles holding it; search by name, ID mark or description.',
      ],
      [
        'Roles',
        'Whether each role can be assigned, its number of permissions and of users. When a user has several roles, the first one decides. Manual surveyor and factory administrator are labels only and cannot be assigned.',
      ],
    ],
  },
};

export default people;
