import { z } from 'zod';
import { figuresSchema } from '../figures.ts';
import { LANGUAGES } from '../languages.ts';
import { defineRoute } from './define.ts';

/**
 * Why a report was (last) queued for rendering: a task finished, readings arrived (device or manual
 * entry), a review correction, an audit, a retry from the list, a language missing from an older
 * rendering, anything else. A rendition superseded by a newer one names the newer one's reason.
 */
export const REPORT_QUEUED_REASONS = [
  'finished',
  'results',
  'correction',
  'audit',
  'retry',
  'languages',
  'other',
] as const;
export type ReportQueuedReason = (typeof REPORT_QUEUED_REASONS)[number];

/**
 * A verification code printed in a report PDF's footer (and its QR code): 80 random bits in RFC 4648
 * base32 (16 characters A-Z, 2-7). Read case-insensitively; anything else is an unknown code.
 */
export const VERIFICATION_CODE_PATTERN = /^[A-Z2-7]{16}$/;

/** One rendition of a report (one language's PDF) as the public verification page shows it. */
export const reportVerificationSchema = z.object({
  Code: z.string(),
  /** The document's title in its language with the task's name (the PDF's title). */
  ReportName: z.string(),
  ProjectName: z.string(),
  TaskName: z.string(),
  Language: z.enum(LANGUAGES),
  /** When this PDF was rendered (the time on its cover). */
  RenderedAt: z.string(),
  /** SHA-256 (hex, lower case) of this PDF file: compare it with the file held. */
  Sha256: z.string(),
  /** The task's figures as this PDF shows them. */
  Figures: figuresSchema,
  /** Null while this is the report's current rendition in its language. */
  Superseded: z
    .object({
      /** When the rendition that replaced it was rendered. */
      At: z.string(),
      /** Why the report was rendered again. */
      Reason: z.enum(REPORT_QUEUED_REASONS),
      /** The report's current rendition in the same language, and its public address. */
      CurrentCode: z.string(),
      CurrentUrl: z.string(),
    })
    .nullable(),
});
export type ReportVerification = z.infer<typeof reportVerificationSchema>;

export const reportVerifyRoutes = {
  getReportVerification: defineRoute({
    method: 'GET',
    path: '/api/verify/:Code',
    access: 'public',
    tag: 'reports',
    summary:
      'The rendition a printed report names in its footer (verification code, no session): report, project and task ' +
      'names, render time, the SHA-256 of the PDF file, figures, and whether and why a newer rendition replaced it. ' +
      'Unknown or malformed code: 404 (the renditions of a deleted report still answer)',
    params: z.object({ Code: z.string().trim().min(1).max(100) }),
    result: reportVerificationSchema,
  }),
};
