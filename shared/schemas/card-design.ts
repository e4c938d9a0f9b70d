// Card designs: the layout a business chooses for its public card page, the optional fields it switches on, and the
// optional fields a person fills in (pronouns, bio, booking link, office address, up to five more links). A
// department may later carry the same `cardDesign` shape to override its business's (cards copy whichever applies).
import * as z from '../zod';
import { idSchema, optionalText, optionalUrl, requiredText } from './common';

export const cardLayouts = ['classic', 'compact', 'banner'] as const;
export type CardLayout = (typeof cardLayouts)[number];

export const cardLayoutLabels = {
  classic: 'Classic',
  compact: 'Compact',
  banner: 'Banner',
} as const satisfies Record<CardLayout, string>;

export const cardLayoutDescriptions = {
  classic: 'Photo and name centred on a band of your colours.',
  compact: 'Photo beside the name, the details close below.',
  banner: 'Your cover image across the top, the photo on its edge.',
} as const satisfies Record<CardLayout, string>;

/** The optional fields a business may show on its cards; each is off until switched on. */
export const cardOptionalFields = ['pronouns', 'bio', 'booking', 'address', 'links'] as const;
export type CardOptionalField = (typeof cardOptionalFields)[number];

export const cardOptionalFieldLabels = {
  pronouns: 'Pronouns',
  bio: 'Short bio',
  booking: 'Calendar booking link',
  address: 'Office address with a map link',
  links: 'More links (up to five)',
} as const satisfies Record<CardOptionalField, string>;

export const cardDesignFieldsSchema = z.strictObject({
  pronouns: z.boolean(),
  bio: z.boolean(),
  booking: z.boolean(),
  address: z.boolean(),
  links: z.boolean(),
});
export type CardDesignFields = z.infer<typeof cardDesignFieldsSchema>;

/** Company Settings' 'Card design': the layout, the banner's cover image (an upload, or empty) and the optional fields. */
export const cardDesignSchema = z.strictObject({
  layout: z.enum(cardLayouts, { error: 'Choose Classic, Compact or Banner' }),
  coverUrl: optionalUrl(),
  fields: cardDesignFieldsSchema,
});
export type CardDesignInput = z.input<typeof cardDesignSchema>;
export type CardDesign = z.output<typeof cardDesignSchema>;

/** The design as the API returns it. */
export const cardDesignViewSchema = z.object({
  layout: z.enum(cardLayouts),
  coverUrl: z.nullable(z.string()),
  fields: cardDesignFieldsSchema,
});

/** A business that never chose: the Classic layout, no cover, no optional field. */
export const DEFAULT_CARD_DESIGN: CardDesign = {
  layout: 'classic',
  coverUrl: null,
  fields: { pronouns: false, bio: false, booking: false, address: false, links: false },
};

export const PRONOUNS_MAX = 40;
export const BIO_MAX = 280;
export const OFFICE_ADDRESS_MAX = 200;
export const LINK_LABEL_MAX = 40;
export const MAX_EXTRA_LINKS = 5;

export const extraLinkSchema = z.strictObject({
  label: requiredText('Give the link a label', LINK_LABEL_MAX),
  url: z.pipe(optionalUrl('Please enter a valid URL (https://…)'), z.string({ error: 'Please enter a valid URL (https://…)' })),
});
export type ExtraLink = z.infer<typeof extraLinkSchema>;

/**
 * A person's optional card fields (the Employee Profile dialog, the portal): empty text → null. The card shows each
 * only while the business has switched it on.
 */
export const cardExtrasSchema = z.strictObject({
  pronouns: optionalText(PRONOUNS_MAX),
  bio: optionalText(BIO_MAX, { multiLine: true }),
  bookingUrl: optionalUrl('Please enter a valid booking link (https://…)'),
  officeAddress: optionalText(OFFICE_ADDRESS_MAX, { multiLine: true }),
  links: z._default(z.array(extraLinkSchema).check(z.maxLength(MAX_EXTRA_LINKS, `At most ${MAX_EXTRA_LINKS} links`)), []),
});
export type CardExtrasInput = z.input<typeof cardExtrasSchema>;
export type CardExtras = z.output<typeof cardExtrasSchema>;

/** A person's optional card fields as the API returns them. */
export const cardExtrasViewSchema = z.object({
  pronouns: z.nullable(z.string()),
  bio: z.nullable(z.string()),
  bookingUrl: z.nullable(z.string()),
  officeAddress: z.nullable(z.string()),
  links: z.array(z.object({ label: z.string(), url: z.string() })),
});

export const EMPTY_CARD_EXTRAS: CardExtras = { pronouns: null, bio: null, bookingUrl: null, officeAddress: null, links: [] };

/** The preview's request: a design not yet saved, shown with one real employee of the business. */
export const cardDesignPreviewSchema = z.strictObject({
  design: cardDesignSchema,
  employeeId: idSchema,
});
export type CardDesignPreviewInput = z.input<typeof cardDesignPreviewSchema>;
export type CardDesignPreview = z.output<typeof cardDesignPreviewSchema>;
