import { createHash } from 'node:crypto';
import { apiRoutes, type Envelope, type UpdatePackage } from '@measure/contract';
import type { TestApp } from './app.ts';
import type { BuiltUser } from './factories.ts';
import { multipartBody } from './multipart.ts';

export const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Uploads a software update package through UploadUpdate (robot, the file's own SHA-256 unless given). */
export async function uploadUpdatePackage(
  t: TestApp,
  as: BuiltUser,
  fields: Record<string, string>,
  data: Buffer = Buffer.from(`package ${fields.Version ?? ''}`),
  lang = 'zh-CN',
): Promise<Envelope<UpdatePackage>> {
  const body = multipartBody([{ name: 'update.bin', data, type: 'application/octet-stream' }], {
    DeviceType: 'robot',
    Sha256: sha256Of(data),
    ...fields,
  });
  const response = await t.app.inject({
    method: 'POST',
    url: apiRoutes.devices.uploadUpdate.path,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${as.token}`, 'accept-language': lang },
  });
  return response.json<Envelope<UpdatePackage>>();
}
