import type { Query } from '@tanstack/react-query';

/*
 * Keys of data that one feature shows and another feature's changes make out of date.
 * Features never import each other, so both take the key from here.
 */

/** Today's summary (home): intake, water, training and weight. */
export const todayKey = (userId: string) => ['users', userId, 'today'] as const;

/** The targets computed from the onboarding answers. */
export const targetsKey = (userId: string) => ['users', userId, 'targets'] as const;

/** Units, theme and time zone: read by every screen, changed in the settings. */
export const preferencesKey = (userId: string) => ['users', userId, 'preferences'] as const;

/** Today's summary of whoever is signed in: what any change to the diary makes out of date. */
export function isTodayQuery(query: Query): boolean {
  return query.queryKey[0] === 'users' && query.queryKey[2] === 'today';
}

/** The trainer's comments the trainee has not read (home), which opening a day changes. */
export const unreadCommentsKey = ['comments', 'unread'] as const;

/**
 * The conversation of a pair, by its trainee (the trainee's own id on their side): the event
 * stream and the conversation screen both write it (decision 060).
 */
export const conversationKey = (traineeId: string) =>
  ['messages', 'conversation', traineeId] as const;

/** The unread messages of whoever is signed in: the trainee's count or the trainer's totals. */
export const unreadMessagesKey = ['messages', 'unread'] as const;

/** Everything of the conversations, for a reload after events were missed. */
export const messagesKey = ['messages'] as const;
