import type { Server } from 'node:net';
import { ConfigError } from '../config';

export interface ListenSettings {
  port: number;
  host: string;
  /** The variables that chose them, named in a refusal: PORT and HOST, METRICS_PORT and METRICS_HOST. */
  portSetting: string;
  hostSetting: string;
  /** Another remedy, appended to the taken-port message (", or 0 for no metrics listener"). */
  otherChoice?: string;
}

/** Errors of listen() that say the host is no address of this machine. */
const HOST_ERRORS = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EADDRNOTAVAIL', 'EINVAL']);

/**
 * Listens where the settings chose. A port already taken, or a host this machine cannot listen
 * on, is refused in the settings' words, naming the variable to change, rather than as a bare
 * EADDRINUSE or getaddrinfo ENOTFOUND; a bad host is a configuration error (exit 78).
 */
export function listenOn(server: Server, settings: ListenSettings): Promise<void> {
  const { port, host, portSetting, hostSetting, otherChoice = '' } = settings;
  return new Promise<void>((resolve, reject) => {
    const refuse = (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') reject(new Error(`${portSetting} ${port} on ${host} is in use: set ${portSetting} to a free port${otherChoice}`));
      else if (HOST_ERRORS.has(error.code ?? '')) {
        reject(new ConfigError(`Invalid configuration:\n  ${hostSetting}: cannot listen on "${host}" (${error.code}): set it to an address of this machine, such as 127.0.0.1 or 0.0.0.0`));
      } else reject(error);
    };
    server.once('error', refuse);
    server.listen(port, host, () => {
      server.removeListener('error', refuse);
      resolve();
    });
  });
}
