/** Sub-systems are chosen by the first path segment (spec section 2). */
export const SUBSYSTEM = { cloud: 'measurerobot', share: 'supplement' } as const;
export type Subsystem = (typeof SUBSYSTEM)[keyof typeof SUBSYSTEM];

/** Sub-systems that have a login page; any other path signs in through the cloud platform. */
const WITH_LOGIN: readonly string[] = [SUBSYSTEM.cloud];

export const LANDING_PATH = `/${SUBSYSTEM.cloud}/mscProjectList`;

export function loginPathFor(subsystem: string | undefined): string {
  return `/${subsystem && WITH_LOGIN.includes(subsystem) ? subsystem : SUBSYSTEM.cloud}/login`;
}

/**
 * The router basename. The server injects <base href="BASE_PATH"> into index.html; without that
 * element (Vite dev server) the app lives at the root.
 */
export function getBasename(): string {
  if (typeof document === 'undefined' || !document.querySelector('base[href]')) return '/';
  const path = new URL(document.baseURI).pathname.replace(/\/+$/, '');
  return path || '/';
}

/** Prefixes an app path (starting with '/') with the basename, for full page loads. */
export function withBasename(path: string, basename: string = getBasename()): string {
  return basename === '/' ? path : `${basename}${path}`;
}

/** A browser pathname as the app's routes see it: without the basename. */
export function withoutBasename(pathname: string, basename: string = getBasename()): string {
  return basename !== '/' && pathname.startsWith(basename)
    ? pathname.slice(basename.length) || '/'
    : pathname;
}

/** The first segment of a browser pathname below the basename. */
export function subsystemOf(pathname: string, basename: string = getBasename()): string | undefined {
  return withoutBasename(pathname, basename).split('/').find(Boolean);
}
