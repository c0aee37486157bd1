import type { ManualSection } from '../types.ts';
import type zh from '../zh-CN/devices.ts';

/** Devices: device management, device details, robots. */
const devices: Record<keyof typeof zh, ManualSection> = {
  myDevices: {
    title: 'My devices',
    paragraphs: [
      'The robots and scanners assigned to you, refreshed every 5 seconds: online or offline, health, battery, free disk, software version and last heartbeat. Every role may open it; it only shows.',
      'Company administrators register, change, activate, assign and unbind devices in device management.',
    ],
    rules: ['Without a device assigned to you the page says "No device is assigned to you".'],
  },
  SKU: {
    title: 'Device management',
    paragraphs: [
      'Registers the company\'s robots and scanners, assigns them to people and makes the key a device needs to connect to the platform. Needs "Distribute devices" (company administrators).',
      '10 devices per page by default; click the title of a sortable column (device number, customer unit, manufacture date, created, ...) to sort by it.',
    ],
    items: [
      [
        'Keyword, Device number, Customer unit, Manufacture date, Allocated or not',
        'The filters; the keyword matches number, serial number, customer, contact, MAC, model or assigned user. "Search" applies them, "Reset" clears them.',
      ],
      [
        'The list',
        'Device number, type (robot or scanner), machine model, customer unit, contact, manufacture date, warranty (end date, marked "Expired" or "Ends within 30 days"), allocation (assigned user), activation and created time.',
      ],
      [
        'New device, Edit',
        'The device data in groups: machine, customer, scanner, computer, tripod and dongle.',
      ],
      ['View', 'Opens the device details.'],
      [
        'Activate / New key',
        'Activates the device and makes its key; an active device can get a new key, which stops the old one at once (you confirm first). The key is shown only once: click "Copy key" and configure it on the device straight away.',
      ],
      [
        'Deactivate',
        'Deactivates the device: its key stops working at once and the device can no longer connect.',
      ],
      ['Assign, Assign selected', 'Gives one or the ticked devices to a person (surveyors listed first).'],
      ['Unbind', 'Removes the assigned person (needs "Unbind devices").'],
      ['Delete, Delete selected', 'Deletes devices; this cannot be undone and their keys stop working.'],
      ['Export to Excel', 'Exports the device list (needs "Download devices").'],
    ],
    rules: [
      'The device number is required, at most 32 characters without blanks, and unique in the company ("The company already has a device with this number").',
      'The manufacture date cannot be later than today; warranties are 1, 3 or 5 years; a MAC address looks like 00:1A:2B:3C:4D:5E ("Invalid MAC address").',
      'A disabled person cannot be given devices ("The person is disabled and cannot be given devices").',
    ],
  },
  viewDeviceDetail: {
    title: 'Device details',
    paragraphs: [
      'Shows every field of one device, the warranty of each part and its state (activation date, last heartbeat, reported software version), with the same actions as the device list: edit, activate or new key, deactivate, assign, unbind and delete. Opened with "View" in device management; "Back to the device list" returns.',
    ],
    rules: ['A deleted device, or one of another company, shows "The device does not exist or was deleted".'],
  },
  equipment: {
    title: 'Robots',
    paragraphs: [
      'The live state of the company\'s robots, refreshed every 5 seconds. Needs "Distribute devices" (company administrators). One card per robot.',
    ],
    items: [
      [
        'Online / Offline',
        'Offline after 30 seconds without a heartbeat; robots not activated are marked "Not activated".',
      ],
      [
        'Health',
        'Drive, network, power, vision server, task in database, task in framework: each OK, fault or unknown, with the reason of a fault.',
      ],
      [
        'Battery, Free disk, Software version, Assigned user, Last heartbeat',
        'What the robot reported last.',
      ],
    ],
    rules: [
      'Under 1,024 MB of free disk the card says "Insufficient disk space", under 20 % battery "Low battery".',
      'Without robots the page asks you to add and activate one in device management first.',
    ],
  },
  deviceUpdates: {
    title: 'Software updates',
    paragraphs: [
      'Publish software update packages for robots and scanners and see which version each device runs and how its installs went. Needs "Distribute devices" (company administrators).',
      'Devices ask the device API for a package newer than their version, download it with their device key (resumable), install it and report success or failure.',
    ],
    items: [
      [
        'Upload package',
        'Version (dotted numbers such as 2.1.0, compared as numbers), device type, notes and the file; the browser computes the SHA-256, or paste it for very large files. The upload shows its progress.',
      ],
      [
        'Packages',
        'Version, device type, notes, size, who uploaded it and when, install reports and failures; a package can be deleted, its reports are kept.',
      ],
      [
        'Device versions and install results',
        'Per device the running version (from its heartbeats), the newest package, the latest install result (success or failure with its message and time) and the failures; filter "outdated" and "latest install failed".',
      ],
    ],
    rules: [
      'A file whose size or SHA-256 differs from what was entered is refused and nothing is stored.',
      'A version exists once per device type.',
      "A device only sees its own company's packages for its device type.",
    ],
  },
};

export default devices;
