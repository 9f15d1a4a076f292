// The footer's country picker; its own module so the shell bundle does not carry page texts.
export const countryPicker = {
  label: 'País',
} as const;
