import { useCallback, useEffect, useRef, useState } from 'react';

/*
 * Drafts of free text a person is typing (a day's note, the week's check-in, a trainer's
 * note on a trainee, a comment on a diary day), kept in this browser until they save it, so
 * a reload or a wrong tap does not lose it. Keyed by person and place; at most MAX_DRAFTS
 * are kept, the oldest forgotten first.
 */

const PREFIX = 'draft:';
export const MAX_DRAFTS = 20;
const WRITE_DELAY_MS = 400;

interface StoredDraft {
  text: string;
  at: number;
}

export function draftKey(userId: string, place: string): string {
  return `${PREFIX}${userId}:${place}`;
}

function read(key: string): StoredDraft | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredDraft>;
    return typeof parsed.text === 'string' && typeof parsed.at === 'number'
      ? { text: parsed.text, at: parsed.at }
      : null;
  } catch {
    return null;
  }
}

function forget(key: string) {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage unavailable (private mode): nothing was kept.
  }
}

function write(key: string, text: string) {
  try {
    localStorage.setItem(key, JSON.stringify({ text, at: Date.now() } satisfies StoredDraft));
    const drafts: [string, number][] = [];
    for (let index = 0; index < localStorage.length; index += 1) {
      const other = localStorage.key(index);
      if (other?.startsWith(PREFIX)) drafts.push([other, read(other)?.at ?? 0]);
    }
    drafts.sort((a, b) => b[1] - a[1]);
    for (const [old] of drafts.slice(MAX_DRAFTS)) forget(old);
  } catch {
    // Full or unavailable storage: the draft is not kept, the box still holds the text.
  }
}

/**
 * Keeps what is typed in a box as a draft until it is saved. `key` is null until the person
 * is known. On mount a draft that differs from `saved` is handed to `restore`; while typing,
 * a text that differs from `saved` is stored (a moment after the last key) and `kept` turns
 * true; call `clear` once the text is saved.
 */
export function useDraft(options: {
  key: string | null;
  value: string;
  saved: string;
  restore: (text: string) => void;
}) {
  const { key, value, saved, restore } = options;
  const [kept, setKept] = useState(false);
  const restored = useRef<string | null>(null);

  useEffect(() => {
    if (!key || restored.current === key) return;
    restored.current = key;
    const draft = read(key);
    if (!draft) return;
    if (draft.text === saved) {
      forget(key);
      return;
    }
    // Restoring changes the value, which the effect below keeps (and marks) as a draft.
    restore(draft.text);
  }, [key, saved, restore]);

  useEffect(() => {
    if (!key || restored.current !== key) return;
    const timer = setTimeout(() => {
      if (value === saved) {
        forget(key);
        setKept(false);
      } else {
        write(key, value);
        setKept(true);
      }
    }, WRITE_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [key, value, saved]);

  const clear = useCallback(() => {
    if (key) forget(key);
    setKept(false);
  }, [key]);

  return { kept, clear };
}
