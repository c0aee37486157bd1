/**
 * The server's time as this device sees it: its own clock plus the offset learnt from a heartbeat's
 * ServerTime, so the readings it stamps fall inside the task's window on the server (which refuses a
 * MeasuredAt more than 5 minutes ahead of its own time), however wrong the local clock is.
 */
export class ServerClock {
  private offsetMs = 0;
  /** Never earlier than a ServerTime heard: the task was started before it. */
  private floorMs = 0;

  /** Learns the offset from `serverTime`, answered to a request sent at `sentAt` and answered at `receivedAt` (local ms). */
  learn(serverTime: string, sentAt: number, receivedAt: number): void {
    const server = Date.parse(serverTime);
    this.offsetMs = server - (sentAt + receivedAt) / 2;
    this.floorMs = Math.max(this.floorMs, server);
  }

  /** Now on the server's clock. */
  now(): Date {
    return new Date(Math.max(Date.now() + this.offsetMs, this.floorMs));
  }
}
