import type { ManualSection } from '../types.ts';
import type zh from '../zh-CN/surface-mode.ts';

/** Surface mode: the touch, full-screen layout when the local tablet program opens the platform. */
const surfaceMode: Record<keyof typeof zh, ManualSection> = {
  surfaceMode: {
    title: 'Surface mode (touch, full screen)',
    paragraphs: [
      'When the local program on the tablet that comes with the robots opens the platform through the external login, you are signed in without entering an account or password. When the screen of that tablet has a physical resolution of 2736x1824 or 1920x1200 (landscape or portrait), the platform shows surface mode: buttons, fields, menu entries and table rows are at least 44 pixels high and text is a size larger, for use by finger; everything works by tapping, nothing needs a mouse hover (the "Tabs" menu at the right of the page tabs, for example, opens with a tap).',
      'Surface mode runs in full screen. Browsers allow full screen only on a user action, so after signing in you first see "Tap to enter full screen": tap anywhere on the screen to enter it. With the menu on the left collapsed to icons, each icon still opens its page with a tap.',
      'To change settings of the tablet (network, brightness), leave full screen (the Esc key or the exit-full-screen control of the browser). A countdown appears at the top of the page: "You left full screen. It returns in 3:00; use this time for settings". After 3 minutes the platform returns to full screen by itself; when the browser does not allow that without a tap, "Tap to enter full screen" appears again and one tap is enough. When you are done earlier, tap "Full screen now" next to the countdown; the countdown ends.',
      'On an ordinary computer monitor, or after signing in with account and password, the platform keeps its normal layout and asks for no full screen.',
    ],
    rules: [
      'The time for settings after leaving full screen is 3 minutes; each exit starts it anew.',
      'When the sign-in ends in surface mode (a long pause, or the account was disabled), "Your sign-in has expired or the account was disabled; signing you out" appears and after 2 seconds the local program of the tablet opens again instead of the sign-in page of the platform.',
      'After signing in with account and password on the sign-in page of the platform, this computer is no longer in surface mode.',
    ],
  },
};

export default surfaceMode;
