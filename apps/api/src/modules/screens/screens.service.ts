import { addDays } from '@forja/shared/calendar';
import type { Comment } from '@forja/shared/schemas/comments';
import type { DiaryDay } from '@forja/shared/schemas/diary';
import type {
  DiaryScreen,
  HomeScreen,
  TraineeDiaryScreen,
  TrainerClientsScreen,
} from '@forja/shared/schemas/screens';
import type { TraineeFile } from '@forja/shared/schemas/trainee-file';
import type { Roster, RosterQuery } from '@forja/shared/schemas/trainer-workspace';
import { AppError } from '#http/app-error';
import type { Principal } from '#http/authentication';
import type { RouteDeps } from '#http/route-deps';
import { getTargets } from '#nutrition/targets';
import { TRAINER_ANSWERS } from '#security/consent-answers';
import { forTrainer, sharesOfTrainees } from '#security/consent-table';
import { currentCheckIn } from '../check-ins/check-ins.service';
import {
  countUnread,
  latestFromTrainers,
  listOwnComments,
  listTraineeComments,
} from '../comments/comments.service';
import { getRoster, getTraineeFile } from '../coaching/coaching.service';
import { getDay } from '../diary/diary.service';
import { getTraineeDay } from '../diary/trainee-diary.service';
import { unreadForTrainer } from '../messages/messages.service';
import { getOnboarding } from '../onboarding/onboarding.service';
import { getPlan } from '../programs/programs.service';
import { getProposals } from '../targets/proposals.service';
import { getToday } from '../today/today.service';

export type ScreensDeps = Pick<RouteDeps, 'db' | 'clock' | 'objects'>;

/** A refusal of the API (a 4xx) leaves the part out, as the screen does with its own call. */
function refusedAsNull<T>(read: Promise<T>): Promise<T | null> {
  return read.catch((error: unknown) => {
    if (error instanceof AppError && error.status < 500) return null;
    throw error;
  });
}

/**
 * Home in one answer: each part from the service behind its own call, the independent ones
 * together. The targets and the week's proposal wait for a finished onboarding (before it
 * there are none, and reading the proposals is what makes this week's).
 */
export async function homeScreen(deps: ScreensDeps, userId: string): Promise<HomeScreen> {
  const targetsOnceOnboarded = getOnboarding(deps, userId).then(async (onboarding) => {
    if (!onboarding.finished_at) return { onboarding, targets: null, proposals: null };
    const [targets, proposals] = await Promise.all([
      refusedAsNull(getTargets(deps, userId)),
      refusedAsNull(getProposals(deps, userId)),
    ]);
    return { onboarding, targets, proposals };
  });
  const todayAndPlan = getToday(deps, userId).then(async (today) => ({
    today,
    plan: await getPlan(deps, userId, today.date),
  }));
  const [{ onboarding, targets, proposals }, { today, plan }, count, latest, checkIn] =
    await Promise.all([
      targetsOnceOnboarded,
      todayAndPlan,
      countUnread(deps, userId),
      latestFromTrainers(deps, userId),
      currentCheckIn(deps, userId),
    ]);
  return {
    today,
    onboarding,
    targets,
    proposals,
    unread_comments: { count, latest },
    check_in: checkIn,
    training_plan: plan,
  };
}

/** A day of the diary in one answer: the day, the day before, its comments and its session. */
export async function diaryScreen(
  deps: ScreensDeps,
  userId: string,
  date: string,
): Promise<DiaryScreen> {
  const [day, previousDay, comments, plan] = await Promise.all([
    getDay(deps, userId, date),
    getDay(deps, userId, addDays(date, -1)),
    listOwnComments(deps, userId, date),
    getPlan(deps, userId, date),
  ]);
  return { date, day, previous_day: previousDay, comments, training_plan: plan };
}

/**
 * Clientes in one answer: the roster's page and the unread messages, each from the service
 * behind its own call, together. The roster is then held to the consent table as its own
 * call's answer is (decision 096): what each trainee shares is read once both are read, as
 * the call reads it just before its answer is written. The unread messages are the trainer's
 * own (their own call names no answer of the table).
 */
export async function trainerClientsScreen(
  deps: Pick<RouteDeps, 'db' | 'clock'>,
  principal: Principal,
  query: RosterQuery,
): Promise<TrainerClientsScreen> {
  const [roster, unread] = await Promise.all([
    getRoster(deps, principal, query),
    unreadForTrainer(deps, principal.userId),
  ]);
  const sharesOf = await sharesOfTrainees(deps.db, principal.userId);
  return {
    roster: forTrainer(TRAINER_ANSWERS.roster, sharesOf, undefined, roster) as Roster,
    unread_messages: unread,
  };
}

/**
 * A trainee's Diario tab in one answer: the file, then, when the trainee shares the diary, the
 * day (the one asked, else the trainee's today) and its comments together, each from the
 * service behind its own call and held to the consent table as that call's answer is.
 */
export async function traineeDiaryScreen(
  deps: ScreensDeps,
  principal: Principal,
  traineeId: string,
  asked: string | undefined,
): Promise<TraineeDiaryScreen> {
  const file = await getTraineeFile(deps, principal, traineeId);
  const date = asked ?? file.today;
  const [day, comments] = file.shares.diary
    ? await Promise.all([
        getTraineeDay(deps, principal.userId, traineeId, date),
        listTraineeComments(deps, principal.userId, traineeId, date),
      ])
    : [null, null];
  const sharesOf = await sharesOfTrainees(deps.db, principal.userId);
  return {
    file: forTrainer(TRAINER_ANSWERS.traineeFile, sharesOf, traineeId, file) as TraineeFile,
    date,
    day: day && (forTrainer(TRAINER_ANSWERS.diaryDay, sharesOf, traineeId, day) as DiaryDay),
    comments:
      comments &&
      (forTrainer(TRAINER_ANSWERS.comments, sharesOf, traineeId, comments) as Comment[]),
  };
}
