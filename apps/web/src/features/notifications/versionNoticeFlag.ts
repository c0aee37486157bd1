import type { VersionNotification } from '@measure/contract';

/**
 * Spec section 4, read literally: GetNotification's `IsReaded: true` flags the notice to be read by
 * this user (not yet acknowledged), so the version update dialog opens; after SetReaded it is false.
 * (The message list's `IsReaded` is the opposite: true = already read.)
 */
export const opensVersionDialog = (notice: VersionNotification | null | undefined): boolean =>
  notice?.IsReaded === true;
