import net from 'node:net';

export interface CuttableProxy {
  port: number;
  /** The target becomes unreachable: open connections are reset, new ones are reset at once. */
  cut(): void;
  /** The target is reachable again. */
  restore(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy to `127.0.0.1:targetPort` that a test can cut and restore: a store (or any server)
 * failing mid-request, as a network outage or a crashed store looks to its clients.
 */
export async function startCuttableProxy(targetPort: number): Promise<CuttableProxy> {
  const sockets = new Set<net.Socket>();
  let down = false;
  const server = net.createServer((client) => {
    if (down) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    cut: () => {
      down = true;
      for (const socket of sockets) socket.resetAndDestroy();
    },
    restore: () => {
      down = false;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
