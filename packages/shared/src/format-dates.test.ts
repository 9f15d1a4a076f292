import { describe, expect, it } from 'vitest';
import { formatClock, formatDay, formatDayTime, formatDuration, formatSpokenDuration } from './format-dates.ts';
import { projectMail } from './i18n/projects.ts';

// One format per kind, in pages and mails alike (issue 35): a day '05 dic 2026' (spec §9's
// DD MMM YY), a day with its time '05 dic 2026, 00:49', a time '00:49' (spec's HH:mm, 24-hour).
const SD = 'America/Santo_Domingo';
const moment = new Date('2026-12-05T04:49:00Z'); // 00:49 in Santo Domingo

describe('format-dates', () => {
  it('writes a day as DD MMM YY in the person’s language', () => {
    expect(formatDay('2026-12-05')).toBe('05 dic 2026');
    expect(formatDay(moment, 'es-DO', SD)).toBe('05 dic 2026');
    expect(formatDay('2026-03-01', 'es-CO')).toBe('01 mar 2026');
  });

  it('keeps a calendar day the same day in every time zone', () => {
    expect(formatDay('2026-12-05', 'es-DO', SD)).toBe('05 dic 2026');
    expect(formatDay('2026-12-05', 'es-MX', 'America/Mexico_City')).toBe('05 dic 2026');
  });

  it('writes a time as HH:mm, 24-hour, never a. m./p. m.', () => {
    expect(formatClock(moment, 'es-DO', SD)).toBe('00:49');
    expect(formatClock(new Date('2026-12-05T18:05:00Z'), 'es-DO', SD)).toBe('14:05');
  });

  it('writes a day with its time as the two joined', () => {
    expect(formatDayTime(moment, 'es-DO', SD)).toBe('05 dic 2026, 00:49');
    expect(formatDayTime(moment, 'es-DO', SD)).toBe(`${formatDay(moment, 'es-DO', SD)}, ${formatClock(moment, 'es-DO', SD)}`);
  });

  it('is what the offer mail says of the project’s start date', () => {
    expect(projectMail.startDate('2026-12-05')).toBe('Fecha de inicio: 05 dic 2026');
  });
});

describe('formatDuration and formatSpokenDuration (voice notes)', () => {
  it('shows m:ss and says it in words', () => {
    expect(formatDuration(2980)).toBe('0:03');
    expect(formatDuration(120_000)).toBe('2:00');
    expect(formatDuration(65_400)).toBe('1:06');
    expect(formatSpokenDuration(7000)).toBe('7 segundos');
    expect(formatSpokenDuration(65_000)).toBe('1 minuto y 5 segundos');
    expect(formatSpokenDuration(120_000)).toBe('2 minutos');
  });
});
