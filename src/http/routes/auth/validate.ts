import { ANY_KEY, defineRoute } from '../../route';
import { KeyValidationSchema } from '../schemas';
import { canonical } from './key-grants';

// Authentication already read the key (and refused it if revoked or expired): nothing to look up again.
export const validateKeyRoute = () =>
  defineRoute({
    method: 'get',
    path: '/api/v1/auth/validate',
    summary: 'Check the calling API key',
    description: 'Answers 200 for a valid key, with whose it is and what it may do; 401 INVALID_API_KEY for a malformed, unknown, revoked or expired one.',
    auth: ANY_KEY,
    responses: { 200: { description: 'The key is valid', schema: KeyValidationSchema } },
    async handler({ principal }) {
      return {
        body: {
          valid: true,
          key_id: principal.keyId,
          user_id: principal.userId,
          plan: principal.plan,
          permissions: canonical(principal.permissions),
          expires_at: principal.expiresAt ? principal.expiresAt.toISOString() : null,
        },
      };
    },
  });
