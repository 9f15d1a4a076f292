// Stored photos in the web app (decision 073): what a portfolio or gallery photo shows in its
// place while Save-Data is on, until a tap. A file of its own, so a public page loads only this.
export const photos = {
  /** The button in the photo's place, with its weight ('24 kB', through Intl). */
  show: (size: string) => `Ver foto (${size})`,
  /** The same while the weight is not known yet (or could not be read). */
  showUnknown: 'Ver foto',
  /** Under the button: why the photo waits. */
  savingData: 'Ahorro de datos activado',
} as const;
