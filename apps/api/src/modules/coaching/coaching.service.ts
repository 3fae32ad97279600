import { and, eq } from 'drizzle-orm';
import { isId } from '@forja/shared/schemas/common';
import type {
  QueueItem,
  QueueItemState,
  Roster,
  RosterQuery,
  TraineeTagsInput,
} from '@forja/shared/schemas/trainer-workspace';
import { rosterQuerySchema, traineeTagsInputSchema } from '@forja/shared/schemas/trainer-workspace';
import type { TraineeFile } from '@forja/shared/schemas/trainee-file';
import { foldForSearch } from '@forja/shared/search-text';
import { queueItemStates, traineeTags } from '#db/schema/trainer-workspace';
import { AppError } from '#http/app-error';
import type { Principal } from '#http/authentication';
import {
  findingsOf,
  isShown,
  itemId,
  parseItemId,
  rankFindings,
  toQueueItem,
  type ItemState,
} from './queue';
import { matches, rosterItemOf, sortRoster } from './roster';
import { traineeSnapshots, type WorkspaceDeps } from '#trainee-figures/snapshots';

const DAY_MS = 86_400_000;

/** The caller as a trainer; anyone else gets a 404, as if the workspace did not exist. */
function trainerOf(principal: Principal): string {
  if (principal.role !== 'trainer') throw new AppError('notFound');
  return principal.userId;
}

/** The trainer's roster: every linked trainee's figures, searched, filtered, sorted, paged. */
export async function getRoster(
  deps: WorkspaceDeps,
  principal: Principal,
  query: RosterQuery,
): Promise<Roster> {
  const trainerId = trainerOf(principal);
  const { q, sort, order, tag, limit, offset } = rosterQuerySchema.parse(query);
  const everyone = (await traineeSnapshots(deps, trainerId)).map(rosterItemOf);
  const items = everyone.filter((item) => matches(item, q, tag));
  return {
    items: sortRoster(items, sort, order).slice(offset, offset + limit),
    total: items.length,
    tags: tagsOf(everyone),
  };
}

/** Each tag once, case and accents aside (the spelling first in Spanish order), sorted. */
function tagsOf(items: readonly { tags: readonly string[] }[]): string[] {
  const byFolded = new Map<string, string>();
  const sorted = items.flatMap((item) => item.tags).sort((a, b) => a.localeCompare(b, 'es'));
  for (const tag of sorted) {
    const folded = foldForSearch(tag);
    if (!byFolded.has(folded)) byFolded.set(folded, tag);
  }
  return [...byFolded.values()];
}

/**
 * The trainer's private tags for one of their trainees, replaced as a whole; the same tag
 * twice (case and accents aside) is kept once. No tags removes the row.
 */
export async function putTraineeTags(
  deps: WorkspaceDeps,
  principal: Principal,
  traineeId: string,
  input: TraineeTagsInput,
): Promise<{ tags: string[] }> {
  const trainerId = trainerOf(principal);
  const parsed = traineeTagsInputSchema.parse(input);
  const [trainee] = await traineeSnapshots(deps, trainerId, traineeId);
  if (!trainee) throw new AppError('notFound');
  const seen = new Set<string>();
  const tags = parsed.tags.filter((tag) => {
    const key = foldForSearch(tag);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const key = and(eq(traineeTags.trainer_id, trainerId), eq(traineeTags.trainee_id, trainee.id));
  if (tags.length === 0) {
    await deps.db.delete(traineeTags).where(key);
  } else {
    const values = { tags, updated_at: deps.clock.now() };
    await deps.db
      .insert(traineeTags)
      .values({ trainer_id: trainerId, trainee_id: trainee.id, ...values })
      .onConflictDoUpdate({
        target: [traineeTags.trainer_id, traineeTags.trainee_id],
        set: values,
      });
  }
  return { tags };
}

async function itemStates(deps: WorkspaceDeps, trainerId: string, traineeId?: string) {
  const rows = await deps.db
    .select()
    .from(queueItemStates)
    .where(
      and(
        eq(queueItemStates.trainer_id, trainerId),
        traineeId === undefined ? undefined : eq(queueItemStates.trainee_id, traineeId),
      ),
    );
  return new Map<string, ItemState>(
    rows.map((row) => [
      `${row.trainee_id}:${row.rule}`,
      { snoozed_until: row.snoozed_until, done_since: row.done_since },
    ]),
  );
}

/** Hoy: what needs the trainer today, ranked; snoozed and done items left out. */
export async function getQueue(deps: WorkspaceDeps, principal: Principal): Promise<QueueItem[]> {
  const trainerId = trainerOf(principal);
  const [trainees, states] = await Promise.all([
    traineeSnapshots(deps, trainerId),
    itemStates(deps, trainerId),
  ]);
  const now = deps.clock.now();
  const shown = findingsOf(trainees).filter(({ trainee, finding }) =>
    isShown(finding, states.get(itemId(trainee.id, finding.rule)), now),
  );
  return rankFindings(shown).map(toQueueItem);
}

/**
 * One trainee's file header and summary (decision 056): the roster's item for them, computed
 * by the same code from the same snapshot, with the day of the link, their today and the Hoy
 * items about them now. Anyone but their trainer gets a 404.
 */
export async function getTraineeFile(
  deps: WorkspaceDeps,
  principal: Principal,
  traineeId: string,
): Promise<TraineeFile> {
  const trainerId = trainerOf(principal);
  if (!isId(traineeId)) throw new AppError('notFound');
  const [[trainee], states] = await Promise.all([
    traineeSnapshots(deps, trainerId, traineeId),
    itemStates(deps, trainerId, traineeId),
  ]);
  if (!trainee) throw new AppError('notFound');
  const now = deps.clock.now();
  const shown = findingsOf([trainee]).filter(({ finding }) =>
    isShown(finding, states.get(itemId(trainee.id, finding.rule)), now),
  );
  return {
    ...rosterItemOf(trainee),
    linked_on: trainee.linked_on,
    today: trainee.today,
    alerts: rankFindings(shown).map(toQueueItem),
  };
}

/** The item as it stands now, if the trainer's queue has it (shown or not); else a 404. */
async function currentFinding(deps: WorkspaceDeps, trainerId: string, id: string) {
  const parsed = parseItemId(id.toLowerCase());
  if (!parsed) throw new AppError('notFound');
  const [trainee] = await traineeSnapshots(deps, trainerId, parsed.traineeId);
  const found = trainee ? findingsOf([trainee]) : [];
  const match = found.find(({ finding }) => finding.rule === parsed.rule);
  if (!match) throw new AppError('notFound');
  return match;
}

async function saveState(
  deps: WorkspaceDeps,
  key: { trainer_id: string; trainee_id: string; rule: string },
  values: Partial<typeof queueItemStates.$inferInsert>,
) {
  const set = { ...values, updated_at: deps.clock.now() };
  await deps.db
    .insert(queueItemStates)
    .values({ ...key, ...set })
    .onConflictDoUpdate({
      target: [queueItemStates.trainer_id, queueItemStates.trainee_id, queueItemStates.rule],
      set,
    });
}

/** Hides an item for `days` days, whatever happens meanwhile. */
export async function snoozeItem(
  deps: WorkspaceDeps,
  principal: Principal,
  id: string,
  days: number,
): Promise<QueueItemState> {
  const trainerId = trainerOf(principal);
  const { trainee, finding } = await currentFinding(deps, trainerId, id);
  const until = new Date(deps.clock.now().getTime() + days * DAY_MS);
  await saveState(
    deps,
    { trainer_id: trainerId, trainee_id: trainee.id, rule: finding.rule },
    { snoozed_until: until },
  );
  return { id: itemId(trainee.id, finding.rule), snoozed_until: until, done: false };
}

/**
 * Hides an item until its situation starts again: the item is keyed by the day the current
 * situation began, and a later start shows it anew. Done also ends a snooze.
 */
export async function markItemDone(
  deps: WorkspaceDeps,
  principal: Principal,
  id: string,
): Promise<QueueItemState> {
  const trainerId = trainerOf(principal);
  const { trainee, finding } = await currentFinding(deps, trainerId, id);
  await saveState(
    deps,
    { trainer_id: trainerId, trainee_id: trainee.id, rule: finding.rule },
    { done_since: finding.since, done_at: deps.clock.now(), snoozed_until: null },
  );
  return { id: itemId(trainee.id, finding.rule), snoozed_until: null, done: true };
}
