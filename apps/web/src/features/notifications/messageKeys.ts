/** TanStack Query keys of the message list: invalidating the prefix refreshes the count and the list. */
export const MESSAGES_KEY = ['notifications', 'messages'] as const;
