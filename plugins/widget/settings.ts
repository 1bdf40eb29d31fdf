// The widget's settings (docs/ARCHITECTURE.md A4, A6): their schema, defaults and API
// form. PUT replaces them; a field left out takes its default, so a chatbot nobody configured
// still gets a widget that looks right.
import Joi from 'joi';
import { parse as parseDomain } from 'tldts';
import { ISO_639_1, LEAD_FIELDS } from '../../core/index.js';

export const POSITIONS = ['bottom-right', 'bottom-left'] as const;
export const DEVICES = ['desktop', 'mobile'] as const;
export const LEAD_FORM_MOMENTS = ['after_first_reply', 'before_chat', 'on_request'] as const;
/** Light, dark, or whichever the visitor's system prefers (`prefers-color-scheme`). */
export const THEMES = ['light', 'dark', 'auto'] as const;
/** The launcher's built-in icons (an owner's image replaces them: `launcher_image_url`). */
export const LAUNCHER_ICONS = ['chat', 'question', 'headset', 'sparkle'] as const;
/**
 * When the widget may write to the visitor's browser storage: from the start, only once the
 * visitor opens the panel or sends a message, or never (the conversation lasts the page's life).
 */
export const STORAGE_MODES = ['always', 'after_interaction', 'never'] as const;
/** How the widget asks for a rating when a conversation ends: not at all, 1–5 stars, or thumbs. */
export const RATING_MODES = ['off', 'stars', 'thumbs'] as const;

export interface WidgetStrings {
  title: string | null;
  subtitle: string | null;
  launcher_text: string;
  input_placeholder: string;
  welcome_message: string | null;
  suggested_messages: string[];
}

export interface WidgetSettings extends WidgetStrings {
  primary_color: string;
  background_color: string;
  text_color: string;
  position: (typeof POSITIONS)[number];
  offset_x: number;
  offset_y: number;
  avatar_url: string | null;
  theme: (typeof THEMES)[number];
  launcher_icon: (typeof LAUNCHER_ICONS)[number];
  launcher_image_url: string | null;
  translations: Record<string, Partial<WidgetStrings>>;
  display_rules: {
    show_on: string[];
    hide_on: string[];
    delay_seconds: number;
    devices: Array<(typeof DEVICES)[number]>;
    open_on_load: boolean;
    proactive: Array<{ match: string; delay_seconds: number; message: string; translations?: Record<string, string> }>;
  };
  lead_form: {
    enabled: boolean;
    when: (typeof LEAD_FORM_MOMENTS)[number];
    fields: Array<{ name: (typeof LEAD_FIELDS)[number]; required: boolean }>;
    title: string | null;
  };
  rating: { mode: (typeof RATING_MODES)[number]; comment: boolean };
  sound: boolean;
  privacy: { storage: (typeof STORAGE_MODES)[number] };
  /** Visitors may send files (images, PDFs) as the account's plan allows. */
  attachments: boolean;
  identity_verification: boolean;
  allowed_origins: string[];
}

export function defaultWidgetSettings(): WidgetSettings {
  return {
    primary_color: '#4f46e5',
    background_color: '#ffffff',
    text_color: '#111827',
    position: 'bottom-right',
    offset_x: 20,
    offset_y: 20,
    avatar_url: null,
    theme: 'light',
    launcher_icon: 'chat',
    launcher_image_url: null,
    title: null,
    subtitle: null,
    launcher_text: 'Chat with us',
    input_placeholder: 'Type your message…',
    welcome_message: null,
    suggested_messages: [],
    translations: {},
    display_rules: { show_on: [], hide_on: [], delay_seconds: 0, devices: ['desktop', 'mobile'], open_on_load: false, proactive: [] },
    lead_form: {
      enabled: false,
      when: 'after_first_reply',
      fields: [
        { name: 'name', required: false },
        { name: 'email', required: true },
      ],
      title: null,
    },
    rating: { mode: 'stars', comment: true },
    sound: false,
    privacy: { storage: 'always' },
    attachments: true,
    identity_verification: false,
    allowed_origins: [],
  };
}

/** Stored settings with the defaults of fields added since they were saved. */
export function completeWidgetSettings(stored: Partial<WidgetSettings> | null | undefined): WidgetSettings {
  const defaults = defaultWidgetSettings();
  if (!stored) return defaults;
  return {
    ...defaults,
    ...stored,
    display_rules: {
      ...defaults.display_rules,
      ...stored.display_rules,
      // Rules saved before messages had translations have none.
      proactive: (stored.display_rules?.proactive ?? []).map((rule) => ({ translations: {}, ...rule })),
    },
    lead_form: { ...defaults.lead_form, ...stored.lead_form },
    rating: { ...defaults.rating, ...stored.rating },
    privacy: { ...defaults.privacy, ...stored.privacy },
    // A widget saved before files existed takes none until its owner says so: nobody opted in.
    attachments: stored.attachments ?? false,
  };
}

const color = Joi.string()
  .lowercase()
  .pattern(/^#[0-9a-f]{6}$/)
  .messages({ 'string.pattern.base': '{{#label}} must be a colour written #rrggbb' });
const text = (max: number) => Joi.string().trim().min(1).max(max);

/** One label of a host name. */
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** A host name's last label: it starts with a letter, as every top-level domain does. */
const LAST_LABEL = '[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?';

/**
 * An origin the widget may be embedded on: `scheme://host[:port]`, lower case, no path; a leading
 * `*.` in the host allows any subdomain (not the bare domain) of a name of two labels or more. A
 * browser reads a host ending in a number as an IPv4 address, so `https://shop.9` could never be a
 * page's origin; an IPv4 address is four numbers, without a wildcard. This is the pattern the
 * API document states: what it admits, the server takes (a wildcard over a public suffix of two
 * labels, `https://*.co.uk`, aside).
 */
export const ORIGIN_PATTERN = new RegExp(
  `^https?://(?:(?:\\*\\.(?:${LABEL}\\.)+|(?:${LABEL}\\.)*)${LAST_LABEL}|(?:\\d{1,3}\\.){3}\\d{1,3})(?::\\d{1,5})?$`,
);
/** The shape of a wildcard entry, before the pattern: `https://*.com` is told why it is refused. */
const WILDCARD_ENTRY = new RegExp(`^https?://\\*\\.(?:${LABEL}\\.)*${LABEL}(?::\\d{1,5})?$`);
const origin = Joi.string()
  .lowercase()
  .max(300)
  // Before the pattern, so a wildcard over one label (`*.com`) hears the reason, not the pattern.
  .custom((value: string, helpers) => (WILDCARD_ENTRY.test(value) && wildcardTooBroad(value) ? helpers.error('origin.publicSuffix') : value))
  .pattern(ORIGIN_PATTERN)
  .messages({
    'string.pattern.base': '{{#label}} must be an origin such as https://example.com, http://localhost:8080 or https://*.example.com',
    'origin.publicSuffix': '{{#label}} is a wildcard over a public suffix, which would allow every site under it: name your own domain, such as https://*.example.com',
  });

/**
 * Whether an `allowed_origins` entry is a wildcard over a public suffix (`https://*.com`,
 * `https://*.co.uk`, `https://*.github.io`): one entry that would open the widget to every site
 * registered under it. A wildcard is allowed only below a registrable domain. Private suffixes
 * count (github.io: anyone can have a site there); the list is the one built into tldts, so no
 * network is needed.
 */
export function wildcardTooBroad(entry: string): boolean {
  const host = /^https?:\/\/\*\.([^:/]+)/.exec(entry.toLowerCase())?.[1];
  if (host === undefined) return false;
  return parseDomain(host, { allowPrivateDomains: true }).domain === null;
}

/** A URL pattern of display rules: `*` is any run of characters, the rest literal (docs/ARCHITECTURE.md A6). */
const urlPattern = Joi.string()
  .trim()
  .min(1)
  .max(500)
  .pattern(/^[^\u0000-\u001f\u007f]+$/)
  .messages({ 'string.pattern.base': '{{#label}} must not contain control characters' });

const suggestedMessages = Joi.array().items(text(100)).max(6);

const translation = Joi.object({
  title: text(100).allow(null),
  subtitle: text(200).allow(null),
  launcher_text: text(60),
  input_placeholder: text(100),
  welcome_message: text(1000).allow(null),
  suggested_messages: suggestedMessages,
}).label('WidgetStrings');

export const widgetSettingsInput = Joi.object({
  primary_color: color.default('#4f46e5'),
  background_color: color.default('#ffffff'),
  text_color: color.default('#111827'),
  position: Joi.string()
    .valid(...POSITIONS)
    .default('bottom-right'),
  offset_x: Joi.number().integer().min(0).max(200).default(20).description('Pixels from the side of the page'),
  offset_y: Joi.number().integer().min(0).max(200).default(20).description('Pixels from the bottom of the page'),
  avatar_url: Joi.string().uri({ scheme: ['https', 'http'] }).max(2048).allow(null).default(null),
  theme: Joi.string()
    .valid(...THEMES)
    .default('light')
    .description('`dark` draws the panel on a dark background with light text (the primary colour stays); `auto` follows the visitor’s system'),
  launcher_icon: Joi.string()
    .valid(...LAUNCHER_ICONS)
    .default('chat'),
  launcher_image_url: Joi.string()
    .uri({ scheme: ['https', 'http'] })
    .max(2048)
    .allow(null)
    .default(null)
    .description('An image shown on the launcher instead of its icon (decorative: the launcher’s name is `launcher_text`)'),
  title: text(100).allow(null).default(null).description('Default: the chatbot’s name'),
  subtitle: text(200).allow(null).default(null),
  launcher_text: text(60).default('Chat with us').description('Also the launcher button’s accessible name'),
  input_placeholder: text(100).default('Type your message…').description('Also the message box’s accessible name'),
  welcome_message: text(1000).allow(null).default(null).description('Default: the chatbot’s welcome message'),
  suggested_messages: suggestedMessages.default([]),
  // One key per language rather than .pattern(): the OpenAPI document then names the languages.
  translations: Joi.object(Object.fromEntries(ISO_639_1.map((code) => [code, translation])))
    .max(20)
    .default({})
    .description('The same strings per language (ISO 639-1); the widget picks the visitor’s browser language'),
  display_rules: Joi.object({
    show_on: Joi.array().items(urlPattern).max(50).default([]).description('Empty: every page'),
    hide_on: Joi.array().items(urlPattern).max(50).default([]).description('Wins over show_on'),
    delay_seconds: Joi.number().integer().min(0).max(3600).default(0),
    devices: Joi.array()
      .items(Joi.string().valid(...DEVICES))
      .min(1)
      .unique()
      .default(['desktop', 'mobile']),
    open_on_load: Joi.boolean().default(false),
    proactive: Joi.array()
      .items(
        Joi.object({
          match: urlPattern.required().description('A page pattern, as in show_on: `*` for every page'),
          delay_seconds: Joi.number().integer().min(0).max(3600).default(10).description('Seconds on the page before the message shows'),
          message: text(300).required(),
          translations: Joi.object(Object.fromEntries(ISO_639_1.map((code) => [code, text(300)])))
            .max(20)
            .default({})
            .description('The message per language (ISO 639-1), picked as the chatbot’s strings are: the visitor’s browser language'),
        }).label('WidgetProactiveMessage'),
      )
      .max(10)
      .default([])
      .description('A message beside the launcher after some seconds on matching pages, while the panel is closed; the first rule matching the page that this visitor has not seen shows, once per visitor'),
  })
    .default()
    .label('WidgetDisplayRules'),
  lead_form: Joi.object({
    enabled: Joi.boolean().default(false),
    when: Joi.string()
      .valid(...LEAD_FORM_MOMENTS)
      .default('after_first_reply'),
    fields: Joi.array()
      .items(
        Joi.object({
          name: Joi.string()
            .valid(...LEAD_FIELDS)
            .required(),
          required: Joi.boolean().default(false),
        }).label('WidgetLeadField'),
      )
      .min(1)
      .max(LEAD_FIELDS.length)
      .unique('name')
      .default(defaultWidgetSettings().lead_form.fields),
    title: text(100).allow(null).default(null),
  })
    .default()
    .label('WidgetLeadForm'),
  rating: Joi.object({
    mode: Joi.string()
      .valid(...RATING_MODES)
      .default('stars')
      .description('`stars`: 1–5; `thumbs`: up (1) or down (0); `off`: the widget does not ask'),
    comment: Joi.boolean().default(true).description('Whether the visitor may add a comment to the rating'),
  })
    .default()
    .label('WidgetRating')
    .description('The rating the widget asks for when a conversation ends'),
  sound: Joi.boolean().default(false).description('A short tone when a reply or a proactive message arrives while the panel is closed (browsers allow sound only after the visitor has interacted with the page)'),
  privacy: Joi.object({
    storage: Joi.string()
      .valid(...STORAGE_MODES)
      .default('always')
      .description('`after_interaction`: nothing is written to the visitor’s browser storage before they open the panel or send a message; `never`: nothing ever is, and the conversation lasts as long as the page'),
  })
    .default()
    .label('WidgetPrivacy'),
  attachments: Joi.boolean()
    .default(true)
    .description('Visitors may send images and PDFs (the kinds and the size the account’s plan allows); agents always may in a handed-off conversation'),
  identity_verification: Joi.boolean()
    .default(false)
    .description('Refuse visitors the site names without proving it: `ChatbotWidget.identify()` must send `user_hash` (HMAC-SHA256 of `user_id` under the identity secret). Needs an identity secret (POST …/widget/identity-secret)'),
  allowed_origins: Joi.array().items(origin).max(50).unique().default([]).description('Empty: any site may embed the widget'),
}).label('WidgetSettingsInput');

/** Response shapes the settings API and the public config share. */
export const appearanceShape = {
  primary_color: Joi.string().required(),
  background_color: Joi.string().required(),
  text_color: Joi.string().required(),
  position: Joi.string()
    .valid(...POSITIONS)
    .required(),
  offset_x: Joi.number().integer().required(),
  offset_y: Joi.number().integer().required(),
  avatar_url: Joi.string().allow(null).required(),
  theme: Joi.string()
    .valid(...THEMES)
    .required(),
  launcher_icon: Joi.string()
    .valid(...LAUNCHER_ICONS)
    .required(),
  launcher_image_url: Joi.string().allow(null).required(),
};

/** The rating settings, as the settings API and the public config answer them. */
export const ratingShape = Joi.object({
  mode: Joi.string()
    .valid(...RATING_MODES)
    .required(),
  comment: Joi.boolean().required(),
}).label('WidgetRatingSettings');

/** The storage consent mode, as the settings API and the public config answer it. */
export const privacyShape = Joi.object({
  storage: Joi.string()
    .valid(...STORAGE_MODES)
    .required(),
}).label('WidgetPrivacySettings');

export const stringsShape = {
  title: Joi.string().allow(null).required(),
  subtitle: Joi.string().allow(null).required(),
  launcher_text: Joi.string().required(),
  input_placeholder: Joi.string().required(),
  welcome_message: Joi.string().allow(null).required(),
  suggested_messages: Joi.array().items(Joi.string()).required(),
};

const widgetSettingsShape = {
  ...appearanceShape,
  ...stringsShape,
  translations: Joi.object().pattern(Joi.string(), Joi.object().unknown()).required(),
  display_rules: Joi.object().unknown().required(),
  lead_form: Joi.object().unknown().required(),
  rating: ratingShape.required(),
  sound: Joi.boolean().required(),
  privacy: privacyShape.required(),
  attachments: Joi.boolean().required(),
  identity_verification: Joi.boolean().required(),
  allowed_origins: Joi.array().items(Joi.string()).required(),
};


export const widgetSettingsResponse = Joi.object({
  chatbot_id: Joi.string().required(),
  ...widgetSettingsShape,
  // What the settings API answers beside the settings: the stored origins it no longer matches.
  ignored_origins: Joi.array()
    .items(Joi.string())
    .required()
    .description('Entries of `allowed_origins` saved before wildcards over a public suffix were refused (`https://*.com`): they match no site. Remove them'),
  embed_code: Joi.string().required().description('The script tag to paste into a page'),
  identity_secret_created_at: Joi.string()
    .isoDate()
    .allow(null)
    .required()
    .description('When the identity secret was made (POST …/widget/identity-secret); null while there is none. The secret is shown once'),
  updated_at: Joi.string().isoDate().allow(null).required(),
}).label('WidgetSettings');
