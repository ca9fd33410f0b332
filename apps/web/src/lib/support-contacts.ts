/*
 * How people reach Makazi, fixed when the web app is built (README, Configuration): the support
 * team's phone and email (VITE_SUPPORT_PHONE, VITE_SUPPORT_EMAIL), and the social profiles the
 * footer links to (VITE_SOCIAL_INSTAGRAM_URL, VITE_SOCIAL_FACEBOOK_URL, VITE_SOCIAL_X_URL). The
 * support defaults are demo values for a development machine, to be replaced for production; a
 * social profile has no default, and is not linked until it is set.
 */

export const SUPPORT_PHONE = import.meta.env.VITE_SUPPORT_PHONE?.trim() || '+255700000000';

export const SUPPORT_EMAIL = import.meta.env.VITE_SUPPORT_EMAIL?.trim() || 'support@makazi.example';

export type TSocialNetwork = 'instagram' | 'facebook' | 'twitter';

export interface SocialLink {
  network: TSocialNetwork;
  url: string;
}

/**
 * The profiles that are set, in the footer's order. Only an http(s) URL counts: anything else
 * (a typo, a javascript: URL) would be a broken or unsafe link, so it is left out.
 */
export function socialLinks(urls: Record<TSocialNetwork, string | undefined>): SocialLink[] {
  const networks: TSocialNetwork[] = ['instagram', 'facebook', 'twitter'];
  return networks.flatMap((network) => {
    const url = urls[network]?.trim();
    return url && /^https?:\/\/[^\s/]+/i.test(url) ? [{ network, url }] : [];
  });
}

export const SOCIAL_LINKS: readonly SocialLink[] = socialLinks({
  instagram: import.meta.env.VITE_SOCIAL_INSTAGRAM_URL,
  facebook: import.meta.env.VITE_SOCIAL_FACEBOOK_URL,
  twitter: import.meta.env.VITE_SOCIAL_X_URL,
});
