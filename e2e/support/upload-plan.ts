import { BASE_URL } from './browser.ts';

export interface UploadedPlan {
  HouseMapId: string;
  Name: string;
}

/** Uploads a house type plan (PNG, JPEG or DXF) to a project through the real multipart call. */
export async function uploadPlan(
  token: string,
  projectId: string,
  name: string,
  file: Buffer,
  fileName: string,
  floorArea = 80,
): Promise<UploadedPlan> {
  const form = new FormData();
  form.append('ProjectId', projectId);
  form.append('Name', name);
  form.append('FloorArea', String(floorArea));
  form.append('file', new Blob([new Uint8Array(file)]), fileName);
  const response = await fetch(`${BASE_URL}/api/ms/Project/HouseMapUpdate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const envelope = (await response.json()) as { Code: number; Message: string; Result: UploadedPlan };
  if (envelope.Code !== 0) throw new Error(`upload ${fileName}: ${envelope.Code} ${envelope.Message}`);
  return envelope.Result;
}
