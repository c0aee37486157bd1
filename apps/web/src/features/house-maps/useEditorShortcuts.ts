import { useEffect, useRef } from 'react';
import type { Tool } from './gestures.ts';

export interface ShortcutActions {
  editable: boolean;
  undo(): void;
  redo(): void;
  save(): void;
  setTool(tool: Tool): void;
  removeSelected(): void;
  /** Esc: drop the half-drawn room, else the selection. */
  cancel(): void;
  /** Enter: close the room being drawn. */
  finish(): void;
  /** Backspace while drawing: the last vertex goes; false when not drawing. */
  undoDraftVertex(): boolean;
  fit(): void;
  zoom(factor: number): void;
}

const TOOL_KEYS: Record<string, Tool> = { v: 'select', r: 'room', s: 'station', p: 'point' };

/** Inputs that do not take typing: the tool buttons (radios), checkboxes, buttons. */
const NOT_TYPING = new Set(['radio', 'checkbox', 'button', 'submit', 'reset', 'range', 'color', 'file']);

/** Typing in a field keeps its keys; a focused tool button or layer checkbox does not. */
function inField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !NOT_TYPING.has(target.type);
  return target.isContentEditable || ['TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Keyboard shortcuts of the editor: Ctrl+Z undo, Ctrl+Shift+Z or Ctrl+Y redo, Ctrl+S save, V/R/S/P
 * tools, Delete removes the selection, Enter closes and Esc drops the room being drawn, F fits,
 * + and - zoom. Read-only mode keeps only the view keys.
 */
export function useEditorShortcuts(actions: ShortcutActions): void {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (inField(event.target) || event.altKey) return;
      const a = latest.current;
      const key = event.key.toLowerCase();
      const command = event.ctrlKey || event.metaKey;
      const handled = (() => {
        if (command) {
          if (!a.editable) return false;
          if (key === 'z' && !event.shiftKey) {
            if (!a.undoDraftVertex()) a.undo();
          } else if ((key === 'z' && event.shiftKey) || key === 'y') a.redo();
          else if (key === 's') a.save();
          else return false;
          return true;
        }
        if (key === 'f') a.fit();
        else if (key === '+' || key === '=') a.zoom(1.25);
        else if (key === '-') a.zoom(0.8);
        else if (key === 'escape') a.cancel();
        else if (!a.editable) return false;
        else if (key === 'enter') a.finish();
        else if (key === 'delete' || key === 'backspace') {
          if (!a.undoDraftVertex()) a.removeSelected();
        } else if (TOOL_KEYS[key] && !event.shiftKey) a.setTool(TOOL_KEYS[key]);
        else return false;
        return true;
      })();
      if (handled) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
