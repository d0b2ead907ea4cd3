// Associates with everything spec §3 hangs off them: social challenges, vision, businesses,
// team members, donation setting and prices, thanks mail, membership plans, survey questions
// and campaign templates.
import { CampaignType, formatYenAmount } from '@kifu/domain';
import type { Database } from '../db/client';
import * as t from '../db/schema/index';
import { demoImagePath } from '../media/demo-image';
import { ASSOCIATES, type AssociateSeed, type JaEn } from './data/associates';
import { ASSOCIATE_TAX } from './data/associate-tax';
import { figure, initialsOf, listOf, shortName } from './demo-text';

const TEAM_POOL: readonly { name: JaEn; role: JaEn; comment: JaEn }[] = [
  {
    name: ['田村 光', 'Hikaru Tamura'],
    role: ['事務局長', 'Secretary general'],
    comment: ['ご支援のひとつひとつが、現場の力になっています。', 'Every gift becomes strength on the ground.'],
  },
  {
    name: ['松田 彩', 'Aya Matsuda'],
    role: ['プログラム担当', 'Programme officer'],
    comment: ['活動の様子を、これからも丁寧にお伝えします。', 'We will keep sharing what your support makes possible.'],
  },
  {
    name: ['竹内 悠', 'Yu Takeuchi'],
    role: ['広報担当', 'Communications'],
    comment: ['ボランティアから始めて、スタッフになりました。', 'I joined the staff after starting out as a volunteer.'],
  },
  {
    name: ['坂本 陽子', 'Yoko Sakamoto'],
    role: ['会計担当', 'Finance'],
    comment: ['いただいたご寄付を、責任をもって管理しています。', 'I make sure every gift is accounted for.'],
  },
  {
    name: ['青木 大地', 'Daichi Aoki'],
    role: ['現場コーディネーター', 'Field coordinator'],
    comment: ['地域の皆さんと一緒に、一歩ずつ進めています。', 'We move forward step by step with local people.'],
  },
];

const PRICES: readonly { frequency: 'single' | 'monthly'; amount: number; description: JaEn }[] = [
  {
    frequency: 'single',
    amount: 3_000,
    description: ['活動を知ってもらうチラシ300枚分になります。', 'Prints 300 flyers that tell people about our work.'],
  },
  {
    frequency: 'single',
    amount: 5_000,
    description: ['ボランティア1人の1か月分の交通費になります。', "Covers one volunteer's travel for a month."],
  },
  {
    frequency: 'single',
    amount: 10_000,
    description: ['現場で使う資材や備品の購入にあてられます。', 'Buys materials and equipment used on the ground.'],
  },
  {
    frequency: 'single',
    amount: 30_000,
    description: ['新しい取り組みを始めるための準備資金になります。', 'Seed money for starting something new.'],
  },
  {
    frequency: 'monthly',
    amount: 1_000,
    description: ['毎月の支えが、活動を続ける力になります。', 'Monthly support keeps our work going.'],
  },
  { frequency: 'monthly', amount: 3_000, description: ['支援の輪を広げ、より多くの人に届けます。', 'Helps us reach more people.'] },
  {
    frequency: 'monthly',
    amount: 5_000,
    description: ['新しい取り組みを継続的に後押しします。', 'Backs new initiatives month after month.'],
  },
];

const MEMBERSHIP_PLANS: readonly { name: JaEn; description: JaEn; unit?: number; unitAmount: number }[] = [
  {
    name: ['正会員', 'Full member'],
    description: ['総会での議決権があります。', 'Includes a vote at the general meeting.'],
    unitAmount: 10_000,
  },
  {
    name: ['賛助会員', 'Supporting member'],
    description: ['活動報告誌を年2回お届けします。', 'Our newsletter twice a year.'],
    unitAmount: 3_000,
  },
  {
    name: ['法人会員', 'Corporate member'],
    description: ['年次報告書にお名前を掲載します。', 'Your name in our annual report.'],
    unit: 2,
    unitAmount: 5_000,
  },
];
/** Spec §9 leaves the settlement month to configuration; April starts the Japanese fiscal year. */
const MEMBERSHIP_MONTH = 4;

const HEARD_FROM: readonly JaEn[] = [
  ['SNS', 'Social media'],
  ['友人・知人', 'Friends or acquaintances'],
  ['新聞・テレビ', 'Newspaper or TV'],
  ['イベント', 'An event'],
  ['その他', 'Other'],
];

const ja = (pair: JaEn) => pair[0];
const en = (pair: JaEn) => pair[1];

function associateRow(a: AssociateSeed): typeof t.associates.$inferInsert {
  const tax = ASSOCIATE_TAX[a.id];
  return {
    id: a.id,
    uid: a.uid,
    name: ja(a.name),
    nameEn: en(a.name),
    catchCopy: ja(a.catchCopy),
    catchCopyEn: en(a.catchCopy),
    description: ja(a.description),
    descriptionEn: en(a.description),
    profile: `${a.establishedYear ? `${a.establishedYear}年設立。` : ''}${a.prefecture[0]}${a.city[0]}を拠点に活動しています。`,
    profileEn: `${a.establishedYear ? `Founded in ${a.establishedYear}. ` : ''}Based in ${a.city[1]}, ${a.prefecture[1]}.`,
    organisationType: a.organisationType,
    representative: ja(a.representative),
    representativeEn: en(a.representative),
    establishedYear: a.establishedYear,
    prefecture: ja(a.prefecture),
    prefectureEn: en(a.prefecture),
    address: `${a.prefecture[0]}${a.city[0]}${tax?.street[0] ?? ''}`,
    addressEn: [tax?.street[1], a.city[1], a.prefecture[1]].filter(Boolean).join(', '),
    certificationNumber: tax?.certification?.number ?? null,
    certifiedOn: tax?.certification?.on ?? null,
    certificationAuthority: tax?.certification ? ja(tax.certification.authority) : null,
    certificationAuthorityEn: tax?.certification ? en(tax.certification.authority) : null,
    taxCreditQualified: tax?.taxCreditQualified ?? false,
    residentTaxDesignation: tax?.residentTaxDesignation ? ja(tax.residentTaxDesignation) : null,
    residentTaxDesignationEn: tax?.residentTaxDesignation ? en(tax.residentTaxDesignation) : null,
    websiteUrl: `https://${a.uid}.example.org`,
    logoPath: demoImagePath('logo', a.uid, initialsOf(en(a.name))),
    mainVisualPath: demoImagePath('visual', a.uid),
    isPublished: a.isPublished ?? true,
  };
}

function visionRow(a: AssociateSeed): typeof t.associateVisions.$inferInsert {
  const uses = listOf(a.businesses.map((business) => business.name));
  const since: JaEn = a.establishedYear ? [`${a.establishedYear}年の設立以来、`, ` since ${a.establishedYear}`] : ['', ''];
  return {
    associateId: a.id,
    core: ja(a.vision),
    coreEn: en(a.vision),
    detail: ja(a.description),
    detailEn: en(a.description),
    challenge: ja(a.problem),
    challengeEn: en(a.problem),
    challengeReason: `${since[0]}${a.prefecture[0]}で現場の声を聞いてきた私たちだからこそ、この課題に取り組み続けます。`,
    challengeReasonEn: `Having listened to people on the ground in ${a.prefecture[1]}${since[1]}, we are committed to tackling this problem.`,
    useForDonation: `ご寄付は${uses[0]}などの活動に大切に使わせていただきます。`,
    useForDonationEn: `Your donation goes to ${uses[1]}.`,
    challengeImagePath: demoImagePath('business', `${a.uid}-challenge`),
    challengeReasonImagePath: demoImagePath('business', `${a.uid}-reason`),
    useForDonationImagePath: demoImagePath('business', `${a.uid}-use`),
  };
}

function businessRows(a: AssociateSeed): (typeof t.associateBusinesses.$inferInsert)[] {
  return a.businesses.map((business, index) => {
    const seed = a.id * 10 + index;
    const people = figure(seed, 200, 40, 25);
    const costManYen = figure(seed + 1, 100, 20, 30);
    const donatedShare = figure(seed + 2, 3, 6, 1);
    const image = (part: string) => demoImagePath('business', `${a.uid}-b${index}-${part}`);
    return {
      associateId: a.id,
      name: ja(business.name),
      nameEn: en(business.name),
      detail: ja(business.activity),
      detailEn: en(business.activity),
      purpose: `${ja(a.vision)}その実現に向けた中心的な取り組みです。`,
      purposeEn: `A core part of our work towards this vision: ${en(a.vision)}`,
      activity: ja(business.activity),
      activityEn: en(business.activity),
      result: `昨年度は延べ${people.toLocaleString('ja-JP')}人が参加・利用しました。`,
      resultEn: `Last year, ${people.toLocaleString('en-US')} people took part or used this service.`,
      cost: `年間の運営費は約${costManYen}万円で、その${donatedShare}割をご寄付でまかなっています。`,
      costEn: `It costs about ${formatYenAmount(costManYen * 10_000, 'en')} a year to run, ${donatedShare * 10}% of which comes from donations.`,
      mainVisualPath: image('main'),
      activityImagePath: image('activity'),
      resultImagePath: image('result'),
      costImagePath: image('cost'),
      sortOrder: index,
    };
  });
}

function teamMemberRows(a: AssociateSeed): (typeof t.associateTeamMembers.$inferInsert)[] {
  const staff = Array.from({ length: 1 + (a.id % 2) }, (_, index) => TEAM_POOL[(a.id + index * 2) % TEAM_POOL.length]!);
  const people = [{ name: a.representative, role: ['代表', 'Representative'] as JaEn, comment: a.vision }, ...staff];
  return people.map((person, index) => ({
    associateId: a.id,
    name: ja(person.name),
    nameEn: en(person.name),
    role: ja(person.role),
    roleEn: en(person.role),
    comment: ja(person.comment),
    commentEn: en(person.comment),
    imagePath: demoImagePath('avatar', `${a.uid}-m${index}`, ja(person.name).slice(0, 1)),
    sortOrder: index,
  }));
}

export async function seedAssociates(db: Database, challengeIds: ReadonlyMap<string, number>) {
  const associates = await db.insert(t.associates).values(ASSOCIATES.map(associateRow)).returning();
  const challengeLinks = await db
    .insert(t.associateSocialChallenges)
    .values(ASSOCIATES.flatMap((a) => a.challenges.map((slug) => ({ associateId: a.id, socialChallengeId: challengeIds.get(slug)! }))))
    .returning();
  const visions = await db.insert(t.associateVisions).values(ASSOCIATES.map(visionRow)).returning();
  const businesses = await db.insert(t.associateBusinesses).values(ASSOCIATES.flatMap(businessRows)).returning();
  const teamMembers = await db.insert(t.associateTeamMembers).values(ASSOCIATES.flatMap(teamMemberRows)).returning();

  const donationSettings = await db
    .insert(t.donationSettings)
    .values(
      ASSOCIATES.map((a) => ({
        associateId: a.id,
        core: `${shortName(ja(a.name))}の活動を、ご寄付で支えてください。`,
        coreEn: `Please support the work of ${en(a.name)}.`,
        detail: '毎月のご寄付は、マイページからいつでも停止できます。',
        detailEn: 'You can stop a monthly gift at any time from My page.',
      })),
    )
    .returning();
  const donationPrices = await db
    .insert(t.donationPrices)
    .values(
      ASSOCIATES.flatMap((a) =>
        PRICES.map((price, index) => ({
          associateId: a.id,
          ...price,
          description: ja(price.description),
          descriptionEn: en(price.description),
          sortOrder: index,
        })),
      ),
    )
    .returning();
  const thanksMails = await db
    .insert(t.donationThanksMails)
    .values(
      ASSOCIATES.map((a) => ({
        associateId: a.id,
        subject: 'ご寄付ありがとうございました',
        subjectEn: 'Thank you for your donation',
        body: `{{name}}様\n\nこのたびは${shortName(ja(a.name))}へのご寄付をありがとうございました。いただいたご支援は大切に活用させていただきます。\n\n${ja(a.name)} ${ja(a.representative)}`,
        bodyEn: `Dear {{name}},\n\nThank you for your donation to ${en(a.name)}. We will put your support to good use.\n\n${en(a.representative)}, ${en(a.name)}`,
      })),
    )
    .returning();
  const membershipPlans = await db
    .insert(t.membershipPlans)
    .values(
      ASSOCIATES.filter((a) => a.membershipPlans).flatMap((a) =>
        MEMBERSHIP_PLANS.map((plan, index) => ({
          associateId: a.id,
          name: ja(plan.name),
          nameEn: en(plan.name),
          description: ja(plan.description),
          descriptionEn: en(plan.description),
          unit: plan.unit ?? 1,
          unitAmount: plan.unitAmount,
          onMonth: MEMBERSHIP_MONTH,
          sortOrder: index,
        })),
      ),
    )
    .returning();
  const survey = await seedSurveys(
    db,
    ASSOCIATES.filter((a) => a.survey),
  );
  const campaignTemplates = await db
    .insert(t.associateCampaignTemplates)
    .values(
      ASSOCIATES.map((a) => ({
        associateId: a.id,
        type: CampaignType.BD,
        title: `誕生日に${shortName(ja(a.name))}を応援`,
        titleEn: `Celebrate your birthday by supporting ${en(a.name)}`,
        body: `お祝いの代わりに、${shortName(ja(a.name))}への寄付を呼びかけます。`,
        bodyEn: `Instead of presents, I am asking friends to give to ${en(a.name)}.`,
      })),
    )
    .returning();
  return {
    associates,
    challengeLinks,
    visions,
    businesses,
    teamMembers,
    donationSettings,
    donationPrices,
    thanksMails,
    membershipPlans,
    ...survey,
    campaignTemplates,
  };
}

/** Two questions per associate: how they heard of it (one answer) and which work interests them (many). */
async function seedSurveys(db: Database, withSurvey: readonly AssociateSeed[]) {
  const surveyQuestions = await db
    .insert(t.surveyQuestions)
    .values(
      withSurvey.flatMap((a) => [
        {
          associateId: a.id,
          question: '当団体を何で知りましたか？',
          questionEn: 'How did you hear about us?',
          isRequired: true,
          sortOrder: 0,
        },
        {
          associateId: a.id,
          question: '特に関心のある活動を教えてください（複数選択可）',
          questionEn: 'Which of our activities interest you most? (choose any)',
          allowsMultiple: true,
          sortOrder: 1,
        },
      ]),
    )
    .returning();
  const choicesOf = (question: (typeof surveyQuestions)[number]): readonly JaEn[] =>
    question.allowsMultiple
      ? withSurvey.find((a) => a.id === question.associateId)!.businesses.map((business) => business.name)
      : HEARD_FROM;
  const surveyChoices = await db
    .insert(t.surveyChoices)
    .values(
      surveyQuestions.flatMap((question) =>
        choicesOf(question).map((label, index) => ({ questionId: question.id, label: ja(label), labelEn: en(label), sortOrder: index })),
      ),
    )
    .returning();
  return { surveyQuestions, surveyChoices };
}

const ACTIVITY_REPORTS: readonly { associateId: number; daysAgo: number; title: JaEn; body: JaEn }[] = [
  {
    associateId: 1,
    daysAgo: 12,
    title: ['秋の活動報告：こども食堂の利用が月3,200食に', 'Autumn report: our cafeterias now serve 3,200 meals a month'],
    body: [
      'ご寄付のおかげで、新たに3か所のこども食堂が開きました。食材の配送は週2回に増えています。',
      'Thanks to your gifts, three new cafeterias opened. Food deliveries now run twice a week.',
    ],
  },
  {
    associateId: 1,
    daysAgo: 120,
    title: ['夏休みのお弁当配布を行いました', 'We handed out lunch boxes over the summer holidays'],
    body: [
      '給食のない夏休みに、のべ1,800食のお弁当をお届けしました。',
      'With no school lunches in the summer holidays, we delivered 1,800 lunch boxes.',
    ],
  },
  {
    associateId: 2,
    daysAgo: 30,
    title: ['植樹祭に120名が参加しました', '120 people joined our tree-planting day'],
    body: ['ブナとミズナラ600本を植えました。', 'We planted 600 beech and oak saplings.'],
  },
  {
    associateId: 7,
    daysAgo: 10,
    title: ['井戸が3基完成しました', 'Three new wells are finished'],
    body: ['約900人が安全な水を使えるようになりました。', 'About 900 people now have safe water.'],
  },
  {
    associateId: 11,
    daysAgo: 60,
    title: ['海岸清掃で2トンのごみを回収', 'Two tonnes of litter collected from the beach'],
    body: ['ボランティア85名と由比ガ浜を清掃しました。', 'We cleaned Yuigahama beach with 85 volunteers.'],
  },
];

/** Activity reports of a few associates, so the support history can say what a gift did. */
export async function seedActivityReports(db: Database, now: Date) {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000);
  return db
    .insert(t.associateActivityReports)
    .values(
      ACTIVITY_REPORTS.map((report) => ({
        associateId: report.associateId,
        title: ja(report.title),
        titleEn: en(report.title),
        body: ja(report.body),
        bodyEn: en(report.body),
        publishedAt: at(report.daysAgo),
        createdAt: at(report.daysAgo),
      })),
    )
    .returning();
}
