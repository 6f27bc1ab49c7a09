/**
 * A TCP relay in front of a real server (Postgres, Temporal) that can be made to stall: while
 * stalled it accepts connections and delivers nothing, in either direction, like a network path
 * that silently stops carrying packets. Bytes sent meanwhile are held in order and delivered on
 * resume(), so connections that outlive the stall carry on intact.
 *
 * It can also go down, like a server that crashed: its connections cut and connections refused,
 * until it comes up again on the same port.
 */
import net, { type AddressInfo, type Socket } from 'node:net';

export interface TcpProxy {
  host: string;
  port: number;
  stall(): void;
  resume(): void;
  goDown(): Promise<void>;
  comeUp(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let stalled = false;
  const sockets = new Set<Socket>();
  const waiting: Array<() => void> = [];
  const held: Array<[Socket, Buffer]> = [];
  const relay = (from: Socket, to: Socket) =>
    from.on('data', (chunk: Buffer) => {
      if (stalled) held.push([to, chunk]);
      else to.write(chunk);
    });

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  const server = net.createServer((downstream) => {
    track(downstream);
    const connect = () => {
      if (downstream.destroyed) return;
      const upstream = net.connect(target.port, target.host);
      track(upstream);
      relay(downstream, upstream);
      relay(upstream, downstream);
      downstream.on('close', () => upstream.destroy());
      upstream.on('close', () => downstream.destroy());
    };
    if (stalled) waiting.push(connect);
    else connect();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    host: '127.0.0.1',
    port,
    stall() {
      stalled = true;
    },
    resume() {
      stalled = false;
      for (const [to, chunk] of held.splice(0)) if (!to.destroyed) to.write(chunk);
      for (const connect of waiting.splice(0)) connect();
    },
    async goDown() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async comeUp() {
      await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
