import {
  applyEdit,
  EMPTY_DOCUMENT,
  findElement,
  type Edit,
  type ElementRef,
  type PlanDocument,
} from './planDocument.ts';

/** How many steps undo goes back. Documents share their unchanged arrays, so a step is cheap. */
export const HISTORY_LIMIT = 200;

/**
 * The editor's state: the document with its undo and redo stacks, the last saved document (dirty
 * while `present !== saved`, so undoing back to it is clean again) and the selection, which is not
 * part of the history.
 */
export interface EditorState {
  past: PlanDocument[];
  present: PlanDocument;
  future: PlanDocument[];
  saved: PlanDocument;
  selection: ElementRef | null;
}

export type EditorAction =
  | { type: 'load'; document: PlanDocument }
  | { type: 'edit'; edit: Edit; select?: ElementRef | null }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'select'; target: ElementRef | null }
  | { type: 'saved'; document: PlanDocument };

export const initialEditorState: EditorState = {
  past: [],
  present: EMPTY_DOCUMENT,
  future: [],
  saved: EMPTY_DOCUMENT,
  selection: null,
};

/** Drops a selection whose element no longer exists (after undo, redo or delete). */
const keepSelection = (document: PlanDocument, selection: ElementRef | null) =>
  selection && findElement(document, selection) ? selection : null;

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'load':
      return { past: [], present: action.document, future: [], saved: action.document, selection: null };
    case 'edit': {
      const next = applyEdit(state.present, action.edit);
      const selection = action.select === undefined ? state.selection : action.select;
      if (next === state.present) return selection === state.selection ? state : { ...state, selection };
      return {
        ...state,
        past: [...state.past, state.present].slice(-HISTORY_LIMIT),
        present: next,
        future: [],
        selection: keepSelection(next, selection),
      };
    }
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return {
        ...state,
        past: state.past.slice(0, -1),
        present: previous,
        future: [state.present, ...state.future],
        selection: keepSelection(previous, state.selection),
      };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (!next) return state;
      return {
        ...state,
        past: [...state.past, state.present].slice(-HISTORY_LIMIT),
        present: next,
        future: rest,
        selection: keepSelection(next, state.selection),
      };
    }
    case 'select':
      return { ...state, selection: action.target && keepSelection(state.present, action.target) };
    case 'saved':
      return { ...state, saved: action.document };
  }
}

export const isDirty = (state: EditorState) => state.present !== state.saved;
export const canUndo = (state: EditorState) => state.past.length > 0;
export const canRedo = (state: EditorState) => state.future.length > 0;
