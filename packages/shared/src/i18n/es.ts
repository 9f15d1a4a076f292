// The one Spanish message catalogue. Each feature keeps its texts in its own file
// under i18n/; this module joins them. Import as: import { es } from '@arreglaya/shared/i18n/es'.
import { adminConsole } from './admin-console.ts';
import { auth } from './auth.ts';
import { apiErrors, confirm, success, validation } from './common.ts';
import { contact } from './contact.ts';
import { contractorContact } from './contractor-contact.ts';
import { countryPicker } from './country.ts';
import { directory } from './directory.ts';
import { favourites } from './favourites.ts';
import { idDocuments } from './id-documents.ts';
import { landing } from './landing.ts';
import { profile } from './profile.ts';
import { reviewMail, reviews } from './reviews.ts';
import { projectMail, projects, quotes } from './projects.ts';
import { contractorMenu, myJobs, myQuotes, offerForm, offerPanel, portfolioPage, projectList } from './quotes-web.ts';
import { shell } from './shell.ts';
import { newsletterUnsubscribe, quickBooking, referral, siteSuccess, siteValidation, storeForm } from './site-forms.ts';
import { carousel, hardwareStores, help, howItWorks, pageMeta, quickBookingSection, services, testimonials, whyChooseUs } from './site-pages.ts';

export const PRODUCT_NAME = 'ArreglaYa';

export const es = {
  validation,
  apiErrors,
  success,
  confirm,
  contact,
  auth,
  shell,
  landing,
  quickBooking,
  newsletterUnsubscribe,
  referral,
  storeForm,
  siteSuccess,
  siteValidation,
  services,
  testimonials,
  whyChooseUs,
  carousel,
  quickBookingSection,
  howItWorks,
  hardwareStores,
  help,
  pageMeta,
  countryPicker,
  directory,
  profile,
  idDocuments,
  favourites,
  contractorContact,
  projects,
  quotes,
  projectMail,
  projectList,
  offerPanel,
  offerForm,
  myQuotes,
  myJobs,
  portfolioPage,
  contractorMenu,
  adminConsole,
  reviews,
  reviewMail,
} as const;
