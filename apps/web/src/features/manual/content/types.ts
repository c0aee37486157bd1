export interface ManualSection {
  id: string;
  title: string;
  paragraphs: string[];
  steps?: string[];
}
