import { describe, expect, it } from 'vitest';
import { formatDay, formatDayTime } from '@arreglaya/shared/format-dates';
import { formatDeadline } from '../projects/project-notify.ts';
import { formatStartDate } from '../contractor-contact/service-request-mail.ts';

// Mails write dates as the pages do (issue 35): one shared format per kind (packages/shared/src/format-dates.ts).
describe('dates in mails', () => {
  it('a payment deadline is a day with its time, in the project country’s time zone', () => {
    const at = new Date('2026-12-05T04:49:00Z');
    expect(formatDeadline(at, 'DO')).toBe('05 dic 2026, 00:49');
    expect(formatDeadline(at, 'DO')).toBe(formatDayTime(at, 'es-DO', 'America/Santo_Domingo'));
  });

  it('a start date is a day', () => {
    expect(formatStartDate('2026-12-05')).toBe('05 dic 2026');
    expect(formatStartDate('2026-12-05')).toBe(formatDay('2026-12-05'));
  });
});
