/** The calling device on the device API, resolved from `Authorization: Device <key>`. */
export interface DeviceContext {
  deviceId: string;
  companyId: string;
}

/** The key of `Authorization: Device <key>`, or null. */
export function deviceKeyFromHeader(header: string | undefined): string | null {
  const match = /^Device\s+(\S+)\s*$/i.exec(header?.trim() ?? '');
  return match?.[1] ?? null;
}
