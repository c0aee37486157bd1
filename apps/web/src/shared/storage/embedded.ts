/**
 * Embedded-surface mode: the platform opened by a local desktop surface through the external-login
 * entry. The flag and port are not secret, so they live in plain localStorage.
 */
const EMBEDDED_KEY = 'measure.externalLogin';
const PENDING_TICKET_KEY = 'measure.externalLoginTicket';

export function getEmbeddedPort(): number | null {
  try {
    const port = Number(localStorage.getItem(EMBEDDED_KEY));
    return Number.isInteger(port) && port > 0 && port < 65536 ? port : null;
  } catch {
    return null;
  }
}

export function setEmbeddedMode(port: number): void {
  localStorage.setItem(EMBEDDED_KEY, String(port));
}

export function clearEmbeddedMode(): void {
  localStorage.removeItem(EMBEDDED_KEY);
}

/** The login ticket survives the reload in sessionStorage (this tab only) and is used once. */
export function setPendingTicket(ticket: string): void {
  sessionStorage.setItem(PENDING_TICKET_KEY, ticket);
}

export function takePendingTicket(): string | null {
  const ticket = sessionStorage.getItem(PENDING_TICKET_KEY);
  sessionStorage.removeItem(PENDING_TICKET_KEY);
  return ticket;
}
