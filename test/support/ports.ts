export { freePort } from '../../src/infra/free-port';
