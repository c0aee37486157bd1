import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { uploadFailureOf, uploadFailureText } from './uploadErrors.ts';

const refused = (fields: { Field: string; Message: string }[], message = fields[0]?.Message ?? '') =>
  new ApiError(400, message, fields);

describe('uploadFailureOf', () => {
  it('puts the file’s messages at the picker and the form’s on its fields', () => {
    const error = refused([
      { Field: 'File', Message: '文件过大' },
      { Field: 'file', Message: '不是图片' },
      { Field: 'Version', Message: '版本号无效' },
      { Field: 'Elsewhere', Message: '别处' },
    ]);
    expect(uploadFailureOf(error, ['Version', 'Notes'] as const)).toEqual({
      file: '文件过大 不是图片',
      fields: [{ name: 'Version', errors: ['版本号无效'] }],
      message: null,
    });
    expect(uploadFailureText(error)).toBe('文件过大 不是图片');
  });

  it('answers a refusal without a field of the dialog as one line, unless already shown', () => {
    const locked = new ApiError(423, '项目已发布');
    expect(uploadFailureOf(locked, ['Name'] as const)).toEqual({
      file: null,
      fields: [],
      message: '项目已发布',
    });
    expect(uploadFailureOf(refused([{ Field: 'HouseMapId', Message: '找不到' }]), ['Name'] as const)).toEqual(
      {
        file: null,
        fields: [],
        message: '找不到',
      },
    );
    expect(
      uploadFailureOf(refused([{ Field: 'HouseMapId', Message: '找不到' }]), ['Name'] as const, {
        HouseMapId: 'Name',
      }).fields,
    ).toEqual([{ name: 'Name', errors: ['找不到'] }]);
    expect(uploadFailureText(new ApiError(500, '服务器错误', null, true))).toBeNull();
    expect(uploadFailureText(new Error('bug'))).toBeNull();
  });
});
