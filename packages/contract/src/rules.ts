import { z } from 'zod';

/**
 * Reusable form rules of spec section 5, as zod schemas shared by the server (validation) and
 * the web forms. Each failure message is a message key (see i18n); the receiving side translates
 * it, filling `{max}`/`{min}` from the zod issue.
 */
export const patterns = {
  email:
    /^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/,
  /** Mainland mobile: 11 digits, first 1, second 3 to 9. */
  phone: /^1[3-9]\d{9}$/,
  /** Chinese characters, letters, digits or underscore. */
  name: /^[\u4e00-\u9fa5A-Za-z0-9_]+$/,
  passwordSpecial: /[!@#$%^&*?()\\]/,
  chinese: /[\u4e00-\u9fa5]/,
  whitespace: /\s/,
  special: /[^\u4e00-\u9fa5A-Za-z0-9_\s]/,
};

/**
 * Text that cannot be stored: U+0000 (PostgreSQL refuses it in text and jsonb) and lone UTF-16
 * surrogates (not Unicode; jsonb refuses them and text columns would silently get U+FFFD).
 */
// eslint-disable-next-line no-control-regex
export const UNSTORABLE_TEXT = /[\u0000\p{Cs}]/u;

/** True when the text can be stored as given (no NUL, no lone surrogate). */
export const isStorableText = (value: string): boolean => !UNSTORABLE_TEXT.test(value);

/** Any string, refusing NUL and lone surrogates (`rules.invalidCharacters`); the base of every text rule. */
export const text = () => z.string().refine(isStorableText, 'rules.invalidCharacters');

export const PASSWORD_MIN = 9;
export const PASSWORD_MAX = 16;
export const USER_FIELD_MAX = 32;

/** A required piece of text, trimmed, at most `max` characters. */
export const requiredText = (max: number) =>
  text().trim().min(1, 'rules.required').max(max, 'rules.maxLength');

/** Optional text: empty or missing becomes undefined. */
export const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, 'rules.maxLength')
    .nullish()
    .transform((value) => (value ? value : undefined))
    // Absent after parsing too: the OpenAPI document must not call a stored, unnamed field required.
    .optional();

export const email = text()
  .trim()
  .min(1, 'rules.required')
  .max(50, 'rules.maxLength')
  .regex(patterns.email, 'rules.email')
  .transform((value) => value.toLowerCase());

export const phone = text().trim().min(1, 'rules.required').regex(patterns.phone, 'rules.phone');

export const phoneOrEmail = text()
  .trim()
  .min(1, 'rules.required')
  .max(50, 'rules.maxLength')
  .refine((value) => patterns.phone.test(value) || patterns.email.test(value), 'rules.phoneOrEmail');

/** Password strength: 9 to 16 characters with a digit, a letter and one of !@#$%^&*?()\ . */
export function isStrongPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN &&
    value.length <= PASSWORD_MAX &&
    !patterns.whitespace.test(value) &&
    /\d/.test(value) &&
    /[A-Za-z]/.test(value) &&
    patterns.passwordSpecial.test(value)
  );
}

export const password = text().min(1, 'rules.required').refine(isStrongPassword, 'rules.password');

export const personName = requiredText(USER_FIELD_MAX).regex(patterns.name, 'rules.name');

export const notBlank = text().refine(
  (value) => value.length === 0 || value.trim().length > 0,
  'rules.notBlank',
);
export const noWhitespace = text().refine((value) => !patterns.whitespace.test(value), 'rules.noWhitespace');
export const noChinese = text().refine((value) => !patterns.chinese.test(value), 'rules.noChinese');
export const noSpecial = text().refine((value) => !patterns.special.test(value), 'rules.noSpecial');

export const uuid = z.string().trim().uuid('rules.uuid');

/** Gender: 0 unknown, 1 male, 2 female (design.md). */
export const gender = z.union([z.literal(0), z.literal(1), z.literal(2)]);
/** User status: 1 normal, 0 disabled (design.md). */
export const userStatus = z.union([z.literal(0), z.literal(1)]);
