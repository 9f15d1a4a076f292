import { describe, expect, it } from 'vitest';
import { addBusinessDays, dominicanHolidays, easterSunday, isBusinessDay, santoDomingoDay } from './business-days.ts';

const sorted = (year: number) => [...dominicanHolidays(year)].sort();

describe('business-days', () => {
  it('finds Easter by the computus', () => {
    expect(new Date(easterSunday(2026)).toISOString().slice(0, 10)).toBe('2026-04-05');
    expect(new Date(easterSunday(2027)).toISOString().slice(0, 10)).toBe('2027-03-28');
    expect(new Date(easterSunday(2017)).toISOString().slice(0, 10)).toBe('2017-04-16');
  });

  it('lists the Dominican holidays of 2026 as the Ministerio de Trabajo keeps them (Ley 139-97)', () => {
    expect(sorted(2026)).toEqual([
      '2026-01-01',
      '2026-01-05', // Reyes, Tuesday the 6th → Monday before
      '2026-01-21',
      '2026-01-26', // Duarte, a Monday: kept
      '2026-02-27',
      '2026-04-03', // Viernes Santo
      '2026-05-04', // Trabajo, Friday the 1st → Monday after
      '2026-06-04', // Corpus Christi
      '2026-08-16', // Restauración, never moved
      '2026-09-24',
      '2026-11-09', // Constitución, Friday the 6th → Monday after
      '2026-12-25',
    ]);
  });

  it('lists the holidays of 2027 and 2017 (weekend ones stay put; Thursday ones go to Monday)', () => {
    expect(sorted(2027)).toEqual([
      '2027-01-01',
      '2027-01-04',
      '2027-01-21',
      '2027-01-25',
      '2027-02-27',
      '2027-03-26',
      '2027-05-01',
      '2027-05-27',
      '2027-08-16',
      '2027-09-24',
      '2027-11-06',
      '2027-12-25',
    ]);
    // 2017 as announced: Reyes Friday 6 → Monday 9, Duarte Thursday 26 → Monday 30, Corpus 15 June.
    expect(sorted(2017)).toEqual(expect.arrayContaining(['2017-01-09', '2017-01-30', '2017-04-14', '2017-06-15', '2017-08-16']));
  });

  it('knows weekends and holidays are not business days', () => {
    expect(isBusinessDay('2026-12-07')).toBe(true); // Monday
    expect(isBusinessDay('2026-12-05')).toBe(false); // Saturday
    expect(isBusinessDay('2026-12-25')).toBe(false);
    expect(isBusinessDay('2026-04-03')).toBe(false);
  });

  it('reads the day in Santo Domingo (UTC−4), not in UTC', () => {
    expect(santoDomingoDay(new Date('2026-12-08T02:00:00Z'))).toBe('2026-12-07');
    expect(santoDomingoDay(new Date('2026-12-08T04:00:00Z'))).toBe('2026-12-08');
  });

  it('adds business days up to the end of the last one, skipping weekends and holidays', () => {
    // Monday 7 December 2026, 10:00 in Santo Domingo: five business days → the end of Monday the 14th.
    expect(addBusinessDays(new Date('2026-12-07T14:00:00Z'), 5).toISOString()).toBe('2026-12-15T03:59:59.999Z');
    // Friday 18 December: Christmas (Friday 25) is skipped → the end of Monday 28.
    expect(addBusinessDays(new Date('2026-12-18T14:00:00Z'), 5).toISOString()).toBe('2026-12-29T03:59:59.999Z');
    // Ten business days from Monday 30 March 2026 skip Viernes Santo → the end of Tuesday 14 April.
    expect(addBusinessDays(new Date('2026-03-30T14:00:00Z'), 10).toISOString()).toBe('2026-04-15T03:59:59.999Z');
    // Saturday night in Santo Domingo (already Sunday in UTC) counts from Saturday; Monday 4 January 2027
    // is Reyes (moved), so the first business day is Tuesday the 5th.
    expect(addBusinessDays(new Date('2027-01-03T02:00:00Z'), 1).toISOString()).toBe('2027-01-06T03:59:59.999Z');
    // Friday 21:00 in Santo Domingo (Saturday in UTC): one business day is the end of Monday.
    expect(addBusinessDays(new Date('2026-12-05T01:00:00Z'), 1).toISOString()).toBe('2026-12-08T03:59:59.999Z');
  });
});
