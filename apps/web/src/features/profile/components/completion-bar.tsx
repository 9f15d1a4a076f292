import { profile as t } from '@arreglaya/shared/i18n/profile';
import type { Completion } from '@arreglaya/shared/profile-completion';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';

/**
 * The profile-completion bar (spec §2, §4): a progressbar named 'Perfil completado' whose value
 * text says the percentage and how many checks pass, and what is still missing.
 */
export function CompletionBar({ completion }: { completion: Completion }) {
  const { percent, done, total, missing } = completion;
  const valueText = t.completion.valueText(percent, done, total);
  return (
    <ProgressBar labelId="profile-completion-label" label={t.completion.label} percent={percent} valueText={valueText}>
      {missing.length === 0 ? t.completion.complete : t.completion.missing(missing.map((item) => t.completion.items[item]).join(', '))}
    </ProgressBar>
  );
}
