import { describe, expect, it } from 'vitest';
import { formatPlace, formatSitePlace, placeKind, type PlaceFill, siteNameOnly } from './places.ts';

/** Catalogues shaped like the web's and the server's (their own words, one per language). */
const TEMPLATES = {
  'zh-CN': {
    building: '{building}',
    floor: '{building} {floor} 层',
    household: '{building} {floor} 层 {household} 户',
    facade: '{building} {side} 立面 {floor} 层',
    site: '{place} {name}',
  },
  'en-US': {
    building: '{building}',
    floor: '{building}, floor {floor}',
    household: '{building}, floor {floor}, household {household}',
    facade: '{building} side {side}, floor {floor}',
    site: '{place} · {name}',
  },
};
const fillOf =
  (language: keyof typeof TEMPLATES): PlaceFill =>
  (key, params) =>
    TEMPLATES[language][key].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));

describe('siteNameOnly', () => {
  it('takes out a leading repeat of the site place, and nothing else', () => {
    const place = { BuildingNumber: '1#', Floor: 3, Household: 1 };
    expect(siteNameOnly('1# 3-1 客厅 北墙', place)).toBe('客厅 北墙');
    expect(siteNameOnly('  1# 3-1   living room north ', place)).toBe('living room north');
    expect(siteNameOnly('1# 3-1', place)).toBe('');
    // Another household's place, or the place not at the start, is part of a typed name.
    expect(siteNameOnly('1# 3-2 客厅 北墙', place)).toBe('1# 3-2 客厅 北墙');
    expect(siteNameOnly('1# 3-10 客厅', place)).toBe('1# 3-10 客厅');
    expect(siteNameOnly('客厅 1# 3-1', place)).toBe('客厅 1# 3-1');
    expect(siteNameOnly('北墙', place)).toBe('北墙');
  });

  it('reads building numbers with pattern characters literally', () => {
    const place = { BuildingNumber: 'A(1)+', Floor: 12, Household: 3 };
    expect(siteNameOnly('A(1)+ 12-3 东墙', place)).toBe('东墙');
    expect(siteNameOnly('A1 12-3 东墙', place)).toBe('A1 12-3 东墙');
  });

  it('keeps the whole name when the place has no household', () => {
    expect(siteNameOnly('1# 3-1 客厅', { BuildingNumber: '1#', Floor: 3 })).toBe('1# 3-1 客厅');
  });
});

describe('formatPlace and formatSitePlace', () => {
  it('show each part of the place once, in the reader language', () => {
    const site = { BuildingNumber: '1#', Floor: 3, Household: 1, Name: '1# 3-1 客厅 北墙' };
    expect(formatSitePlace(site, fillOf('zh-CN'))).toBe('1# 3 层 1 户 客厅 北墙');
    expect(formatSitePlace(site, fillOf('en-US'))).toBe('1#, floor 3, household 1 · 客厅 北墙');
  });

  it('write as much of the place as is known', () => {
    expect(formatPlace({ BuildingNumber: '2#' }, fillOf('zh-CN'))).toBe('2#');
    expect(formatPlace({ BuildingNumber: '2#', Floor: 5 }, fillOf('zh-CN'))).toBe('2# 5 层');
    expect(formatPlace({ BuildingNumber: '2#', Floor: 5, Household: null }, fillOf('en-US'))).toBe(
      '2#, floor 5',
    );
  });

  it('show the place alone when the name is empty or only repeats it', () => {
    const place = { BuildingNumber: '1#', Floor: 3, Household: 1 };
    expect(formatSitePlace({ ...place, Name: '1# 3-1' }, fillOf('zh-CN'))).toBe('1# 3 层 1 户');
    expect(formatSitePlace({ ...place, Name: null }, fillOf('en-US'))).toBe('1#, floor 3, household 1');
  });

  it('write a facade site by its side and floor, never by a household', () => {
    const panel = { BuildingNumber: '3#', Floor: 7, Household: null, Side: 'N', Name: '3# 7-1 N-2' };
    expect(formatSitePlace(panel, fillOf('zh-CN'))).toBe('3# N 立面 7 层 3# 7-1 N-2');
    expect(formatPlace(panel, fillOf('en-US'))).toBe('3# side N, floor 7');
    expect(placeKind(panel)).toBe('facade');
    expect(placeKind({ BuildingNumber: '3#', Floor: 7, Household: 2, Side: null })).toBe('indoor');
  });
});
