import type { Database } from '../../db/client.ts';
import { DeviceOfflineRepository } from './device-offline-repository.ts';

/**
 * Devices that stopped sending heartbeats: once per silence longer than `olderThanSeconds`, the
 * device's holder and its company's administrators get a `deviceOffline` message (run every minute
 * by the `notifications:deviceOffline` job). A heartbeat afterwards starts a new silence.
 */
export class DeviceOfflineNotifier {
  constructor(private readonly deps: { db: Database; olderThanSeconds: number }) {}

  notify(): Promise<{ devices: number; messages: number }> {
    return new DeviceOfflineRepository(this.deps.db).notifySilent(this.deps.olderThanSeconds);
  }
}
