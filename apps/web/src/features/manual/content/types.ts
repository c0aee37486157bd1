import type { SectionId } from '../sections.ts';

/** One section of the manual in one language. */
export interface ManualSection {
  title: string;
  /** What the page is for and how it behaves. */
  paragraphs: readonly string[];
  /** A task, step by step. */
  steps?: readonly string[];
  /** Fields, columns and buttons: [label as on screen, what it does]. */
  items?: readonly (readonly [string, string])[];
  /** Rules the page enforces and the messages a user meets. */
  rules?: readonly string[];
}

/** A part of one language's manual (a file per chapter): only section ids, each a section. */
export type ManualPart = Partial<Record<SectionId, ManualSection>>;

/** One language's whole manual: every section, so a missing one fails the typecheck. */
export type ManualContent = Record<SectionId, ManualSection>;
