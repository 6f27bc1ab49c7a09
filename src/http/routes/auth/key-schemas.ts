/** Request shapes of the key management routes, and the key record they answer with. */
import { z } from 'zod';
import { PERMISSIONS } from '../../../domain/access';
import type { ApiKeyRecord } from '../../../storage/repositories/api-key-admin';
import { canonical } from './key-grants';

export const KeyIdParams = z.object({ key_id: z.uuid().describe('The key_id of one of your keys') });

const KeyName = z.string().trim().min(1).max(100).describe('1..100 characters, for you to tell keys apart');

const PermissionList = z
  .array(z.enum(PERMISSIONS))
  .min(1)
  .max(PERMISSIONS.length)
  .refine((list) => new Set(list).size === list.length, 'must not repeat a permission')
  .describe('A subset of the calling key\'s own permissions; "admin" only on the admin plan');

export const CreateKeyBody = z
  .strictObject({
    name: KeyName,
    permissions: PermissionList.optional().describe(
      "Default: the plan's default permissions (read, process; plus admin on the admin plan) that the calling key holds",
    ),
    expires_at: z.iso
      .datetime({ offset: true, message: 'must be an ISO 8601 date-time with a time zone, e.g. 2026-01-31T12:00:00Z' })
      .nullish()
      .refine((value) => value == null || Date.parse(value) > Date.now(), 'must be in the future')
      .describe('ISO 8601, in the future; omitted or null: the key never expires'),
  })
  .meta({ id: 'CreateApiKeyRequest' });

export const UpdateKeyBody = z
  .strictObject({ name: KeyName.optional(), permissions: PermissionList.optional() })
  .refine((body) => body.name !== undefined || body.permissions !== undefined, 'send name, permissions or both')
  .meta({ id: 'UpdateApiKeyRequest' });

export function keyRecord(row: ApiKeyRecord) {
  return {
    key_id: row.id,
    name: row.name,
    prefix: row.prefix,
    last_four: row.last_four,
    permissions: canonical(row.permissions),
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at ? row.expires_at.toISOString() : null,
    last_used_at: row.last_used_at ? row.last_used_at.toISOString() : null,
  };
}

/** Responses that carry a secret must not be kept by any cache. */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;
