/*
 * How people reach Makazi's support team, fixed when the web app is built (VITE_SUPPORT_PHONE,
 * VITE_SUPPORT_EMAIL; README, Configuration). The defaults are demo values for a development
 * machine, to be replaced for production.
 */

export const SUPPORT_PHONE = import.meta.env.VITE_SUPPORT_PHONE?.trim() || '+255700000000';

export const SUPPORT_EMAIL = import.meta.env.VITE_SUPPORT_EMAIL?.trim() || 'support@makazi.example';
