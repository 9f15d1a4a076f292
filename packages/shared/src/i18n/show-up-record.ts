// The show-up record on a contractor's public page (decision 057), apart from the rest of the
// show-up catalogue so the page loads only these (decision 070).

export const showUpRecord = {
  title: 'Cumplimiento',
  completion: (percent: string, count: number) => `Terminó el ${percent} de sus últimos ${count} trabajos`,
  onTime: (percent: string) => `Llegó a tiempo al ${percent}`,
  lateCancellations: (n: number) => `${n} ${n === 1 ? 'cancelación tardía' : 'cancelaciones tardías'} en los últimos 90 días`,
  noShows: (n: number) => `${n} ${n === 1 ? 'ausencia' : 'ausencias'} en los últimos 90 días`,
  notEnough: 'Aún sin historial suficiente',
};
