import type { Server } from 'node:net';

/**
 * Listens on the port a setting chose. A port already taken is refused in that setting's words,
 * naming the variable to change, rather than as a bare EADDRINUSE.
 */
export function listenOn(server: Server, port: number, host: string, setting: string, otherChoice = ''): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const refuse = (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`${setting} ${port} on ${host} is in use: set ${setting} to a free port${otherChoice}`) : error);
    server.once('error', refuse);
    server.listen(port, host, () => {
      server.removeListener('error', refuse);
      resolve();
    });
  });
}
