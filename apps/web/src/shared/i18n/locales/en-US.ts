import type common from './zh-CN.ts';

const commonEnUS: Record<keyof typeof common, string> = {
  appName: 'Measure Cloud',
  loading: 'Loading',
  'language.label': 'Language',
  fetch002: 'Your sign-in has expired or the account was disabled; signing you out',
  fetch003: 'The server is not responding; please try again later',
  fetch004: 'The request was cancelled',
  fetch005: 'Network error; please check your connection',
  fetchIntercepted: 'Request response intercepted',
  'action.ok': 'OK',
  'action.cancel': 'Cancel',
  'action.save': 'Save',
  'action.edit': 'Edit',
  'action.reload': 'Reload',
  'action.backHome': 'Back to home',
  'forbidden.title': 'No permission',
  'forbidden.subTitle': 'Your role cannot use this page.',
  'action.delete': 'Delete',
  'search.tooLong': 'Query conditions cannot exceed {{max}} characters',
  'notFound.title': 'Page not found',
  'notFound.subTitle': 'The page you opened does not exist or was removed.',
  'error.title': 'The page could not be loaded',
  'error.subTitle': 'The network may be down or the system was updated; please reload the page.',
  'dates.today': 'Today',
  'dates.yesterday': 'Yesterday',
  'dates.lastWeek': 'Last week',
  'dates.lastMonth': 'Last month',
  'dates.thisMonth': 'This month',
  'dates.previousMonth': 'Previous month',
};

export default commonEnUS;
