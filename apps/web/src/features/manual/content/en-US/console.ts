import type { ManualSection } from '../types.ts';
import type zh from '../zh-CN/console.ts';

/** Operator console: the platform operator's customer companies, feature switches, devices and orders. */
const operatorConsole: Record<keyof typeof zh, ManualSection> = {
  consoleCompanies: {
    title: 'Customer companies',
    paragraphs: [
      "The platform operator (factory administrator) keeps the customer companies that use the platform. The operator's account belongs to no customer company: after sign-in it sees the operator console only, never a company's measurement data.",
      'Creating a customer company creates its first company administrator too, who must change the password at first sign-in.',
      "The operator changes its own password with Change password in the top bar: the same rules as users' passwords (9-16 characters with a digit, a letter and a special character); its other sessions end at once, this one stays.",
    ],
    items: [
      [
        'Company code, Chinese name, English name',
        'The company code is unique on the platform: letters, digits, - and _ only.',
      ],
      [
        'Disable, Enable',
        "Disabling signs the company's users out at once and refuses their sign-ins and their devices' reports; enabling lets them in again.",
      ],
    ],
    rules: [
      'A company code, administrator email or mobile number already in use is shown under its field, and nothing is stored.',
    ],
  },
  consoleGates: {
    title: 'Feature switches',
    paragraphs: [
      "Switch robot tasks, modelling, external walls and Gj inspection on or off for each customer company. A switch applies at once: the company users' menus and calls follow at their next request.",
      'The Gj inspection switch gates no feature yet (the specification only names it); the page says so.',
    ],
  },
  consoleDevices: {
    title: 'Device registry',
    paragraphs: [
      'Every robot and scanner on the platform: its company, number, serial, customer, warranty and activation.',
      "Registering a device names its company; the fields follow the same rules as the company's device management.",
    ],
    items: [
      [
        'Allocate to company',
        "Moves the device to another company, which activates it again. A device with tasks, readings, scans or uploads cannot move. The device's software update reports stay with the company it reported in; the new company sees only the reports made since the move.",
      ],
      [
        'Warranty and customer',
        'Sets the warranty start, the machine warranty years and the customer fields; without a start the warranty runs from activation (from production before that).',
      ],
    ],
  },
  consoleOrders: {
    title: 'Orders',
    paragraphs: [
      'Orders of devices and software for customer companies. A new order is a draft; its amount is the sum of quantity times unit price of its lines.',
      'An order moves Draft → Confirmed → Shipped → Completed; a draft or confirmed order can be cancelled. Every change of state keeps who made it and when.',
    ],
    items: [
      ['Order number', 'Generated when left empty; unique on the platform.'],
      [
        'Created between',
        'Filters by calendar days of the company time zone (Beijing time), both days included.',
      ],
      [
        'Edit draft',
        'A draft can change its company, number (left empty: it keeps its number), note and lines; the amount follows and the history shows "Draft edited".',
      ],
      ['Export to Excel', 'Exports the orders the filters show.'],
    ],
    rules: [
      'A move that is not allowed says "An order cannot go from … to …" and the order keeps its state.',
      'A confirmed or later order cannot be edited: "Only a draft order can be changed".',
    ],
  },
};

export default operatorConsole;
