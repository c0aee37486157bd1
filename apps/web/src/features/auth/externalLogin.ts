import { callApi } from '../../shared/api/client.ts';
import { routes } from '../../shared/api/routes.ts';
import { setEmbeddedMode, setPendingTicket, takePendingTicket } from '../../shared/storage/embedded.ts';

/**
 * External-login entry (spec section 2): `?loginParam=<ticket>&port=<port>` stores the embedded
 * flag, the port and the ticket, and reloads without them so the ticket never stays in the address
 * bar or history. Returns true when a reload was started.
 */
export function captureExternalLogin(location: Location): boolean {
  const url = new URL(location.href);
  const ticket = url.searchParams.get('loginParam');
  const port = Number(url.searchParams.get('port'));
  if (!ticket || !Number.isInteger(port) || port <= 0 || port >= 65536) return false;
  setEmbeddedMode(port);
  setPendingTicket(ticket);
  url.searchParams.delete('loginParam');
  url.searchParams.delete('port');
  location.replace(url.toString());
  return true;
}

/** After the reload: exchanges the stored ticket for a token, or null when there is none. */
export async function redeemPendingTicket(): Promise<string | null> {
  const ticket = takePendingTicket();
  if (!ticket) return null;
  return callApi(routes.auth.getTokenById, { Id: ticket });
}
