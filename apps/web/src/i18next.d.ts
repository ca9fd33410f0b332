import type common from './locales/en/common.json';
import type catalogue from './locales/en/catalogue.json';
import type detail from './locales/en/detail.json';
import type auth from './locales/en/auth.json';
import type publish from './locales/en/publish.json';
import type posts from './locales/en/posts.json';
import type checkout from './locales/en/checkout.json';
import type admin from './locales/en/admin.json';
import type support from './locales/en/support.json';
import type info from './locales/en/info.json';
import type trust from './locales/en/trust.json';
import type searches from './locales/en/searches.json';
import type insights from './locales/en/insights.json';
import type saved from './locales/en/saved.json';

// English is the source catalogue: a key missing from it is a type error wherever t() names it.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      catalogue: typeof catalogue;
      detail: typeof detail;
      auth: typeof auth;
      publish: typeof publish;
      posts: typeof posts;
      checkout: typeof checkout;
      admin: typeof admin;
      support: typeof support;
      info: typeof info;
      trust: typeof trust;
      searches: typeof searches;
      insights: typeof insights;
      saved: typeof saved;
    };
  }
}
