export { freePort } from '../../src/lib/free-port';
