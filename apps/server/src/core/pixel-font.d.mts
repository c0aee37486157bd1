/** Types of pixel-font.mjs: 5x7 glyphs as rows of '0'/'1'. */
export declare const GLYPHS: Record<string, string[]>;
