import { DEVICE_LIMITS, WARRANTY_PARTS, type Warranty, type WarrantyPart } from '@measure/contract';

/** What the warranty derivation needs of a device. */
export interface WarrantyInput {
  deviceDateOfProduction: string;
  scannerDateOfProduction: string | null;
  computerDateOfProduction: string | null;
  deviceExpire: number | null;
  scannerExpire: number | null;
  computerExpire: number | null;
  tripodExpire: number | null;
  activeDate: Date | null;
  /** Set by the operator console: the day every warranty of the device starts. */
  warrantyStartsOn?: string | null;
}

/** `YYYY-MM-DD` plus whole years (29 February rolls over to 1 March). */
export function addYears(day: string, years: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString().slice(0, 10);
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The four warranties of a device. A warranty runs its years from the operator's warranty start
 * when set, else from the activation date when the device has been activated, otherwise from the part's production date (the tripod and a part
 * without its own date use the machine's). Expired after the expiry date; expiring when it ends
 * within 30 days.
 */
export function warranties(device: WarrantyInput, today: string): Warranty[] {
  const activated = device.activeDate ? device.activeDate.toISOString().slice(0, 10) : null;
  const parts: Record<WarrantyPart, { years: number | null; produced: string | null }> = {
    Device: { years: device.deviceExpire, produced: device.deviceDateOfProduction },
    Scanner: { years: device.scannerExpire, produced: device.scannerDateOfProduction },
    Computer: { years: device.computerExpire, produced: device.computerDateOfProduction },
    Tripod: { years: device.tripodExpire, produced: null },
  };
  const result: Warranty[] = [];
  for (const part of WARRANTY_PARTS) {
    const { years, produced } = parts[part];
    if (!years) continue;
    const startsOn = device.warrantyStartsOn ?? activated ?? produced ?? device.deviceDateOfProduction;
    const expiresOn = addYears(startsOn, years);
    const left = daysBetween(today, expiresOn);
    const status = left < 0 ? 'expired' : left <= DEVICE_LIMITS.expiringDays ? 'expiring' : 'valid';
    result.push({ Part: part, Years: years, StartsOn: startsOn, ExpiresOn: expiresOn, Status: status });
  }
  return result;
}
