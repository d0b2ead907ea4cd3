// The survey calls of spec §7 (ADR 015): an associate's active questions with their choices, by uid
// (/associate/{uid}/donation-survey-questions/) or by id (/donation/survey-question/), the same list
// the associate detail carries; and answers for a gift after the fact (/donation/survey-answer/),
// allowed to the donation's user or a guest with its status token (404 for anyone else, as for a
// missing id), checked against the donation associate's questions, a question answered again
// replaced so a repeated send changes nothing.
import type { api } from '@kifu/domain';
import { eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueAccessToken } from '../src/accounts/access-tokens';
import { associates, surveyAnswers, surveyChoices, surveyQuestions, users } from '../src/db/schema/index';
import { donorPayload, guestCardRequest, send, submit, type CardDonationReply, type Reply } from './helpers/donation-requests';
import { startBankSandbox } from './helpers/start-bank-sandbox';
import { uniqueEmail } from './helpers/start-sandbox';
import { sandboxTestApp } from './helpers/sandbox-test-app';

const h = sandboxTestApp({ startSandbox: startBankSandbox, env: { BOT_CHECK_ENABLED: 'false' } });
let uid: string;
let questions: api.SurveyQuestionList['results'];
beforeAll(async () => {
  [{ uid }] = (await h.t.database.db.select({ uid: associates.uid }).from(associates).where(eq(associates.id, 1))) as [{ uid: string }];
  questions = (await h.t.get<api.SurveyQuestionList>(`/associate/${uid}/donation-survey-questions/`)).body.results;
});

type AnswerReply = Reply<api.SurveyAnswerView & api.ErrorBody>;

const single = () => questions.find((question) => !question.allows_multiple)!;
const multiple = () => questions.find((question) => question.allows_multiple)!;

/** A bank transfer to associate 1 whose account is issued, as a guest (with its status token) or signed in. */
async function issuedGift(headers: Record<string, string> = {}) {
  const response = (await submit(
    h.t,
    '/donation/deposit/',
    { donor: donorPayload(), amount: 3_000, associate_id: 1 },
    { headers },
  )) as Reply<api.BankTransferDonationResponse>;
  expect(response.status).toBe(200);
  return { id: response.body.donation.id, token: response.body.status_token! };
}

async function signedIn() {
  const email = uniqueEmail('member');
  const [user] = await h.t.database.db.insert(users).values({ username: email, email, passwordHash: 'unused' }).returning();
  const { token } = await issueAccessToken(h.t.database.db, user!.id);
  return { authorization: `Bearer ${token}` };
}

const answer = (
  donationId: number,
  answers: api.SurveyAnswerCreate['survey_answers'],
  options: { token?: string; headers?: Record<string, string> } = {},
) =>
  send<api.SurveyAnswerView & api.ErrorBody>(h.t, {
    method: 'POST',
    url: `/donation/survey-answer/${options.token === undefined ? '' : `?donation_token=${encodeURIComponent(options.token)}`}`,
    headers: options.headers ?? {},
    payload: { donation_id: donationId, survey_answers: answers },
  }) as Promise<AnswerReply>;

const storedAnswers = (donationId: number) => h.t.database.db.select().from(surveyAnswers).where(eq(surveyAnswers.donationId, donationId));

describe('survey questions', () => {
  it("lists the associate's active questions with choices, as the associate detail carries them, in ja and en", async () => {
    const detail = await h.t.get<api.AssociateDetail>(`/associate/${uid}/`);
    expect(questions.length).toBeGreaterThan(0);
    expect(questions).toEqual(detail.body.survey_questions);
    expect(single()).toMatchObject({
      is_required: true,
      choices: expect.arrayContaining([expect.objectContaining({ id: expect.any(Number) })]),
    });

    const en = await h.t.get<api.SurveyQuestionList>(`/associate/${uid}/donation-survey-questions/?lang=en`);
    expect(en.body).toEqual({
      count: questions.length,
      results: (await h.t.get<api.AssociateDetail>(`/associate/${uid}/?lang=en`)).body.survey_questions,
    });
    expect(en.body.results[0]!.question).toBe('How did you hear about us?');
  });

  it('answers the same list on /donation/survey-question/?associate_id=', async () => {
    expect(await h.t.get('/donation/survey-question/?associate_id=1')).toMatchObject({
      status: 200,
      body: { count: questions.length, results: questions },
    });
    expect((await h.t.get('/donation/survey-question/')).status).toBe(400);
    expect((await h.t.get('/donation/survey-question/?associate_id=abc')).status).toBe(400);
  });

  it('is 404 for an associate that does not exist or is not published', async () => {
    expect((await h.t.get('/associate/no-such-associate/donation-survey-questions/')).status).toBe(404);
    expect((await h.t.get('/donation/survey-question/?associate_id=999999')).status).toBe(404);
    // An associate taken off the site (this test file's own database copy).
    const [hidden] = await h.t.database.db.update(associates).set({ isPublished: false }).where(eq(associates.id, 3)).returning();
    expect((await h.t.get(`/associate/${hidden!.uid}/donation-survey-questions/`)).status).toBe(404);
    expect((await h.t.get(`/donation/survey-question/?associate_id=${hidden!.id}`)).status).toBe(404);
    await h.t.database.db.update(associates).set({ isPublished: true }).where(eq(associates.id, 3));
  });
});

describe('POST /donation/survey-answer/', () => {
  it("stores a guest's answers with the status token, and answering again replaces them", async () => {
    const gift = await issuedGift();
    const [first, second] = single().choices;
    const [a, b] = multiple().choices;
    const sent = [
      { question_id: single().id, choice_ids: [first!.id] },
      { question_id: multiple().id, choice_ids: [b!.id, a!.id] },
    ];
    const response = await answer(gift.id, sent, { token: gift.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      donation_id: gift.id,
      survey_answers: [
        { question_id: single().id, choice_ids: [first!.id] },
        { question_id: multiple().id, choice_ids: [a!.id, b!.id].sort((x, y) => x - y) },
      ].sort((x, y) => x.question_id - y.question_id),
    });
    // A repeated send changes nothing.
    expect((await answer(gift.id, sent, { token: gift.token })).body).toEqual(response.body);
    expect(await storedAnswers(gift.id)).toHaveLength(3);

    // Answering one question again replaces only its answer; the required one stays answered.
    const again = await answer(gift.id, [{ question_id: multiple().id, choice_ids: [b!.id] }], { token: gift.token });
    expect(again.status).toBe(200);
    expect(again.body.survey_answers).toEqual(
      [
        { question_id: single().id, choice_ids: [first!.id] },
        { question_id: multiple().id, choice_ids: [b!.id] },
      ].sort((x, y) => x.question_id - y.question_id),
    );
    const changed = await answer(gift.id, [{ question_id: single().id, choice_ids: [second!.id] }], { token: gift.token });
    expect(changed.body.survey_answers.find((item) => item.question_id === single().id)).toEqual({
      question_id: single().id,
      choice_ids: [second!.id],
    });
    expect((await storedAnswers(gift.id)).every((row) => row.recurringDonationId === null)).toBe(true);
  });

  it("refuses answers that do not fit the associate's questions, changing nothing", async () => {
    const gift = await issuedGift();
    const valid = { question_id: single().id, choice_ids: [single().choices[0]!.id] };
    const refusedWith = async (answers: api.SurveyAnswerCreate['survey_answers'], rule: string) => {
      const response = await answer(gift.id, answers, { token: gift.token });
      expect(response).toMatchObject({ status: 400, body: { code: 'validation_failed', fields: { survey_answers: [rule] } } });
    };
    const [otherQuestion] = await h.t.database.db.select().from(surveyQuestions).where(ne(surveyQuestions.associateId, 1)).limit(1);
    const [otherChoice] = await h.t.database.db
      .select()
      .from(surveyChoices)
      .where(eq(surveyChoices.questionId, otherQuestion!.id))
      .limit(1);
    // Another associate's question, a choice of another question, two choices for a single-choice question.
    await refusedWith([valid, { question_id: otherQuestion!.id, choice_ids: [otherChoice!.id] }], 'value');
    await refusedWith([{ question_id: single().id, choice_ids: [multiple().choices[0]!.id] }], 'value');
    await refusedWith(
      [
        {
          question_id: single().id,
          choice_ids: single()
            .choices.slice(0, 2)
            .map((choice) => choice.id),
        },
      ],
      'value',
    );
    await refusedWith([valid, valid], 'value');
    await refusedWith([{ question_id: single().id, choice_ids: [] }], 'value');
    // The required question, never answered, must be.
    await refusedWith([{ question_id: multiple().id, choice_ids: [multiple().choices[0]!.id] }], 'required');
    expect(await storedAnswers(gift.id)).toEqual([]);
    expect((await answer(gift.id, [], { token: gift.token })).status).toBe(400);
  });

  it("is 404 for anyone but the donation's user or token holder, as for a donation that does not exist", async () => {
    const owner = await signedIn();
    const gift = await issuedGift(owner);
    const guestGift = await issuedGift();
    const valid = [{ question_id: single().id, choice_ids: [single().choices[0]!.id] }];

    expect((await answer(gift.id, valid, { headers: owner })).status).toBe(200);
    expect((await answer(gift.id, valid, { headers: await signedIn() })).status).toBe(404);
    expect((await answer(gift.id, valid)).status).toBe(404);
    expect((await answer(guestGift.id, valid)).status).toBe(404);
    expect((await answer(guestGift.id, valid, { token: gift.token })).status).toBe(404);
    expect((await answer(guestGift.id, valid, { token: 'not-a-token' })).status).toBe(404);
    expect((await answer(999_999_999, valid, { token: guestGift.token })).status).toBe(404);
    expect(await storedAnswers(guestGift.id)).toEqual([]);
  });

  it('is 422 for a gift that is not paid or issued yet', async () => {
    const request = await guestCardRequest(h.t, h.sandbox);
    const response = (await submit(h.t, '/donation/', request)) as CardDonationReply;
    expect(response.status).toBe(200);
    const refused = await answer(response.body.donation.id, [{ question_id: single().id, choice_ids: [single().choices[0]!.id] }], {
      token: response.body.status_token!,
    });
    expect(refused).toMatchObject({ status: 422, body: { code: 'unprocessable' } });
  });
});
