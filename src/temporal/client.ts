/** The Temporal client the API uses to start and query workflows. */
import { Client, Connection } from '@temporalio/client';

export interface TemporalHandle {
  client: Client;
  connection: Connection;
  taskQueue: string;
  close(): Promise<void>;
}

/**
 * Lazy, so the API starts (and answers /health with 503) even while Temporal is down; the
 * connection is made on first use and re-made after failures.
 */
export function createTemporalClient(options: { address: string; namespace: string; taskQueue: string }): TemporalHandle {
  const connection = Connection.lazy({ address: options.address });
  const client = new Client({ connection, namespace: options.namespace });
  return { client, connection, taskQueue: options.taskQueue, close: () => connection.close() };
}
