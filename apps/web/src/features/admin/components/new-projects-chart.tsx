import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { adminConsole as t } from '@arreglaya/shared/i18n/admin-console';

interface NewProjectsChartProps {
  /** Oldest first: one entry per day (YYYY-MM-DD). */
  days: { day: string; count: number }[];
  locale: string;
}

const HEIGHT = 220;

/**
 * New projects per day, drawn by uPlot (about 20 KB gzip). Only the console loads it, through
 * React.lazy, so no public page ever downloads it (STACK.md). The canvas is hidden from screen
 * readers: the overview page renders the same numbers as a table (the text alternative).
 */
export default function NewProjectsChart({ days, locale }: NewProjectsChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = days.map((d) => Date.parse(`${d.day}T12:00:00Z`) / 1000);
    const ys = days.map((d) => d.count);
    const dayLabel = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const plot = new uPlot(
      {
        width: Math.max(240, el.clientWidth),
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.2))] } },
        axes: [
          { values: (_u, splits) => splits.map((s) => dayLabel.format(new Date(s * 1000))), stroke: '#334155' },
          { stroke: '#334155', values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? String(s) : '')) },
        ],
        series: [{}, { label: t.overview.count, stroke: '#0f766e', width: 2, fill: 'rgba(15, 118, 110, 0.12)', points: { show: true, size: 5 } }],
      },
      [xs, ys],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(240, el.clientWidth), height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, locale]);

  return <div ref={box} aria-hidden="true" className="w-full" />;
}
