import contentDisposition from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { asciiFallbackOf, contentDispositionOf } from './file-reply.ts';

describe('contentDispositionOf', () => {
  it('sends a Chinese name in filename* beside an ASCII fallback', () => {
    expect(contentDispositionOf('项目列表.xlsx', 'attachment', 'projects.xlsx')).toBe(
      `attachment; filename="projects.xlsx"; filename*=UTF-8''${encodeURIComponent('项目列表.xlsx')}`,
    );
    expect(contentDispositionOf('图纸.dxf')).toBe(
      `attachment; filename="__.dxf"; filename*=UTF-8''${encodeURIComponent('图纸.dxf')}`,
    );
  });

  it('sends a plain ASCII name alone, inline or as an attachment', () => {
    expect(contentDispositionOf('plan.png', 'inline')).toBe('inline; filename="plan.png"');
    expect(contentDispositionOf('tasks.xlsx')).toBe('attachment; filename="tasks.xlsx"');
  });

  it('never puts quotes, slashes or non-ASCII into the plain filename, and keeps the whole name', () => {
    const name = 'a"b\\c/d é 报告.pdf';
    const header = contentDispositionOf(name, 'inline');
    expect(header.startsWith(`inline; filename="a_b_c_d _ __.pdf"; filename*=UTF-8''`)).toBe(true);
    expect(contentDisposition.parse(header).parameters).toEqual({ filename: 'a"b_c_d é 报告.pdf' });
    expect(asciiFallbackOf(name)).toBe('a_b_c/d _ __.pdf');
  });
});
