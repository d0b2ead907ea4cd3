// Demo campaigns: all six types of CAMPAIGN_TYPE_IDS, one closed, one draft, one sold-out
// reward, one stretch goal, one custom author, one draft report and one support funding (spec §3 "Campaign
// aggregate"). Days are relative to the moment of seeding so the demo never goes stale.
import { CampaignType, type api } from '@kifu/domain';
import type { JaEn } from './associates';

export interface GiftSeed {
  amount: number;
  /** A message to the campaign; `hideName` keeps the supporter's name off the page. */
  message?: string;
  hideName?: boolean;
  /** Key of a demo user; otherwise a guest donor gives. */
  userKey?: string;
}

export interface CampaignSeed {
  key: string;
  associateId: number;
  userKey?: string;
  type: CampaignType;
  status: api.CampaignStatus;
  title: JaEn;
  summary: JaEn;
  body: JaEn;
  goalAmount: number;
  /**
   * Share of the goal that generated guest gifts bring in on top of `gifts`, so progress bars look
   * like a live platform's (some early, one past its goal into the stretch goal).
   */
  crowdProgress?: number;
  startDaysAgo: number;
  /** Null for campaigns without an end (monthly and annual drives). */
  durationDays: number | null;
  gifts: readonly GiftSeed[];
  rewards?: readonly { title: JaEn; description: JaEn; amount: number; stock: number | null; appliedCount: number; shippingMonth: string | null }[];
  usages?: readonly { title: JaEn; description: JaEn; amount: number }[];
  /** `daysAgo` null keeps the report a draft (never public). */
  reports?: readonly { title: JaEn; body: JaEn; daysAgo: number | null }[];
  /** Report promises; `reportIndex` links one to a report already written. */
  schedules?: readonly { title: JaEn; dueInDays: number; reportIndex?: number }[];
  customAuthor?: { name: JaEn; description: JaEn };
  stretchGoal?: { targetAmount: number; description: JaEn };
  /** A supporter's fundraiser for another campaign (spec §2 create-support-funding/{type}). */
  parentKey?: string;
  /** A supporter's draft that asked its associate for approval `daysAgo` days ago (ADR 069). */
  approvalRequested?: { daysAgo: number };
}

export const CAMPAIGNS: readonly CampaignSeed[] = [
  {
    key: 'winter-meals',
    associateId: 1,
    type: CampaignType.FREE,
    status: 'published',
    title: ['この冬、こども食堂に温かいごはんを届けたい', "Warm meals for children's cafeterias this winter"],
    summary: ['物価高で食材が不足するこども食堂に、冬の3か月分の食材を届けます。', "Three months of winter groceries for children's cafeterias hit by rising prices."],
    body: [
      '食材の値上がりが続き、こども食堂の多くが開催回数を減らさざるを得なくなっています。\n\nこのキャンペーンでは、都内42か所のこども食堂に冬の3か月分の食材を届けます。1食あたりの費用は約300円。1万円のご寄付で、子ども33人分の夕食になります。',
      'Food prices keep rising, and many children\'s cafeterias have had to open less often.\n\nThis campaign delivers three months of winter groceries to 42 cafeterias in Tokyo. A meal costs about ¥300, so ¥10,000 feeds 33 children.',
    ],
    goalAmount: 3_000_000,
    crowdProgress: 1.12,
    startDaysAgo: 20,
    durationDays: 60,
    gifts: [
      { amount: 10_000, message: '子どもたちに温かいごはんが届きますように。', userKey: 'hanako' },
      { amount: 5_000, message: '毎年応援しています。がんばってください！' },
      { amount: 30_000, message: '少しですが、役立ててください。', hideName: true },
      { amount: 3_000 },
      { amount: 50_000, message: '会社の有志で集めました。', userKey: 'kenta' },
      { amount: 10_000, message: '自分も昔、地域の大人に助けられました。', hideName: true },
    ],
    usages: [
      { title: ['食材費', 'Groceries'], description: ['米・野菜・肉などの食材を購入します。', 'Rice, vegetables, meat and other food.'], amount: 1_800_000 },
      { title: ['配送費', 'Delivery'], description: ['各こども食堂への冷蔵配送費です。', 'Refrigerated delivery to each cafeteria.'], amount: 600_000 },
      { title: ['衛生用品', 'Hygiene supplies'], description: ['手袋や消毒液など、安全な運営に必要な物品です。', 'Gloves, sanitiser and other supplies for safe operation.'], amount: 600_000 },
    ],
    reports: [
      {
        title: ['キャンペーン開始のご報告', 'The campaign has started'],
        body: ['たくさんの応援をありがとうございます。第1回の食材配送を12か所に行いました。', 'Thank you for your support. The first deliveries have reached 12 cafeterias.'],
        daysAgo: 10,
      },
    ],
    schedules: [
      { title: ['第1回 配送報告', 'First delivery report'], dueInDays: -10, reportIndex: 0 },
      { title: ['最終報告', 'Final report'], dueInDays: 70 },
    ],
    stretchGoal: { targetAmount: 4_500_000, description: ['目標を超えた分は、春休みの特別メニューに使います。', 'Anything above the goal pays for special meals during the spring holidays.'] },
  },
  {
    key: 'satoyama-rewards',
    associateId: 2,
    type: CampaignType.REWARD,
    status: 'published',
    title: ['荒れた里山を、みんなの森に。間伐材のリターン付き支援', 'Turn a neglected satoyama into everyone\'s forest, with timber rewards'],
    summary: ['5ヘクタールの里山を整備し、森の学校の拠点をつくります。', 'We will restore five hectares of satoyama and build a base for our forest school.'],
    body: [
      '松本市郊外の5ヘクタールの里山は、20年以上手入れされていません。\n\n間伐と遊歩道の整備を行い、子どもたちが安全に学べる森の学校の拠点をつくります。リターンには間伐材で作った木工品をご用意しました。',
      'Five hectares of satoyama outside Matsumoto have been untended for over 20 years.\n\nWe will thin the trees, lay paths and build a base where children can learn safely. Rewards are woodcraft made from the thinned timber.',
    ],
    goalAmount: 2_000_000,
    crowdProgress: 0.62,
    startDaysAgo: 14,
    durationDays: 45,
    gifts: [{ amount: 10_000, message: '森の学校、楽しみにしています。', userKey: 'kenta' }, { amount: 3_000 }],
    rewards: [
      { title: ['お礼のメール', 'Thank-you email'], description: ['活動報告をメールでお届けします。', 'Updates on our work by email.'], amount: 3_000, stock: null, appliedCount: 4, shippingMonth: null },
      {
        title: ['間伐材のコースター', 'Coaster made from thinned timber'],
        description: ['地元の工房が仕上げたコースター2枚セットです。', 'A pair of coasters finished by a local workshop.'],
        amount: 5_000,
        stock: 30,
        appliedCount: 6,
        shippingMonth: '2026-03',
      },
      {
        title: ['植樹体験へのご招待', 'Invitation to a tree-planting day'],
        description: ['春の植樹体験にご招待します（交通費は各自ご負担ください）。', 'Join our spring tree-planting day (travel at your own expense).'],
        amount: 20_000,
        stock: 5,
        appliedCount: 5,
        shippingMonth: '2026-04',
      },
    ],
    usages: [
      { title: ['間伐・遊歩道整備', 'Thinning and paths'], description: ['専門業者と協力して整備します。', 'Work carried out with forestry professionals.'], amount: 1_400_000 },
      { title: ['拠点小屋の建設', 'Building the base hut'], description: ['間伐材を使った小屋を建てます。', 'A hut built from the thinned timber.'], amount: 600_000 },
    ],
    reports: [
      {
        title: ['間伐作業がはじまりました', 'Thinning has begun'],
        body: ['最初の1ヘクタールの間伐が終わり、森に光が差し込むようになりました。', 'The first hectare has been thinned, and light reaches the forest floor again.'],
        daysAgo: 3,
      },
    ],
    schedules: [{ title: ['整備完了の報告', 'Completion report'], dueInDays: 60 }],
  },
  {
    key: 'shelter-renovation',
    associateId: 3,
    type: CampaignType.REWARD,
    status: 'published',
    title: ['保護犬シェルターの冷暖房を新しくしたい', 'New heating and cooling for our dog shelter'],
    summary: ['老朽化した空調を入れ替え、夏も冬も安心して過ごせるシェルターにします。', 'Replacing worn-out air conditioning so the dogs are safe in summer and winter.'],
    body: [
      '築30年の建物を使ったシェルターは、夏は35度を超え、冬は氷点下になります。\n\n高齢の犬や子犬の命を守るため、空調設備を入れ替えます。',
      'Our shelter is in a 30-year-old building that tops 35°C in summer and drops below freezing in winter.\n\nNew air conditioning will protect the lives of old dogs and puppies.',
    ],
    goalAmount: 5_000_000,
    crowdProgress: 0.41,
    startDaysAgo: 7,
    durationDays: 30,
    gifts: [{ amount: 5_000, message: 'うちの子もこちらから迎えました。', userKey: 'yumi' }],
    rewards: [
      { title: ['ありがとうメッセージ', 'Thank-you message'], description: ['スタッフと犬たちからの写真付きメッセージ。', 'A photo message from the staff and dogs.'], amount: 3_000, stock: null, appliedCount: 2, shippingMonth: null },
      {
        title: ['保護犬カレンダー', 'Rescue dog calendar'],
        description: ['シェルターの犬たちのカレンダーです。', 'A calendar of the dogs at our shelter.'],
        amount: 8_000,
        stock: 100,
        appliedCount: 3,
        shippingMonth: '2026-12',
      },
    ],
  },
  {
    key: 'monthly-100',
    associateId: 6,
    type: CampaignType.MF,
    status: 'published',
    title: ['マンスリーサポーター100人募集', '100 monthly supporters wanted'],
    summary: ['毎月の継続支援で、学習教室を安定して開き続けます。', 'Regular monthly support keeps our study rooms open.'],
    body: [
      '学習教室の運営費の7割は寄付でまかなわれています。\n\n毎月のご支援は、教室の家賃や教材費として、子どもたちの学びを途切れさせないために使われます。',
      'Donations cover 70% of the cost of our study rooms.\n\nMonthly support pays for rent and materials, so learning never has to stop.',
    ],
    goalAmount: 300_000,
    crowdProgress: 0.78,
    startDaysAgo: 40,
    durationDays: null,
    gifts: [{ amount: 3_000, userKey: 'hanako' }, { amount: 1_000 }, { amount: 5_000, message: '学ぶ場所があることは大切です。' }],
  },
  {
    key: 'annual-members',
    associateId: 29,
    type: CampaignType.ANNUAL,
    status: 'published',
    title: ['あおぞらキッズの年会員になってください', 'Become an annual member of Aozora Kids'],
    summary: ['年会費で、プレーパークを1年間支えてください。', 'Your membership fee keeps the adventure playground running for a year.'],
    body: ['会員の皆さまの年会費が、遊び場の安全管理と道具の購入を支えています。', "Members' fees pay for safety checks and play equipment."],
    goalAmount: 500_000,
    crowdProgress: 0.55,
    startDaysAgo: 30,
    durationDays: null,
    gifts: [{ amount: 10_000 }, { amount: 3_000 }],
  },
  {
    key: 'birthday-water',
    associateId: 7,
    userKey: 'misaki',
    type: CampaignType.BD,
    status: 'published',
    title: ['30歳の誕生日に、安全な水を届けたい', 'For my 30th birthday, safe water for a village'],
    summary: ['プレゼントの代わりに、井戸づくりへの寄付をお願いします。', 'Instead of presents, please give towards a new well.'],
    body: [
      '30歳の誕生日を迎えます。お祝いの気持ちを、世界のどこかで水くみをしている子どもたちに向けてもらえたらうれしいです。',
      "I'm turning 30. I'd love your good wishes to go to children somewhere in the world who spend hours fetching water.",
    ],
    goalAmount: 100_000,
    crowdProgress: 0.9,
    startDaysAgo: 5,
    durationDays: 25,
    gifts: [
      { amount: 3_000, message: 'みさき、お誕生日おめでとう！' },
      { amount: 5_000, message: 'すてきな誕生日の過ごし方だね。', hideName: true },
    ],
    customAuthor: {
      name: ['鈴木 美咲', 'Misaki Suzuki'],
      description: ['都内で働く会社員。学生時代にケニアを訪れたことがきっかけで、水の問題に関心を持ちました。', 'An office worker in Tokyo who became interested in water after visiting Kenya as a student.'],
    },
  },
  {
    key: 'study-room-monthly',
    associateId: 13,
    type: CampaignType.MF_FREE,
    status: 'published',
    title: ['毎月の応援で、村に教室をもうひとつ', 'One more classroom for the village, with monthly support'],
    summary: ['ネパールの山村に、2つめの教室を建てます。', 'We are building a second classroom in a Nepalese mountain village.'],
    body: ['今の教室には80人の子どもが詰めかけています。新しい教室で、学年ごとに授業ができるようになります。', 'Eighty children crowd into one classroom today. A second one lets each year group learn separately.'],
    goalAmount: 200_000,
    crowdProgress: 0.35,
    startDaysAgo: 12,
    durationDays: null,
    gifts: [{ amount: 2_000 }],
  },
  {
    key: 'flood-relief',
    associateId: 4,
    type: CampaignType.FREE,
    status: 'published',
    title: ['豪雨災害 緊急支援のお願い', 'Emergency appeal: heavy-rain disaster'],
    summary: ['豪雨で被災した地域に、物資とボランティアを届けます。', 'Supplies and volunteers for communities hit by heavy rain.'],
    body: [
      '記録的な豪雨により、多くの住宅が浸水しました。\n\n泥出しの資材、避難所の物資、ボランティアの移動費として活用します。',
      'Record rainfall has flooded many homes.\n\nYour gifts pay for mud-clearing equipment, shelter supplies and volunteers\' travel.',
    ],
    goalAmount: 10_000_000,
    crowdProgress: 0.47,
    startDaysAgo: 4,
    durationDays: 30,
    gifts: [{ amount: 10_000, message: '一日も早い復旧を願っています。' }, { amount: 100_000, userKey: 'sho' }, { amount: 5_000 }],
    reports: [
      { title: ['現地の状況について', 'Situation on the ground'], body: ['スタッフ3名が現地入りし、避難所の運営を支援しています。', 'Three of our staff are on site helping to run evacuation shelters.'], daysAgo: 2 },
      { title: ['泥出しボランティアの受け入れ開始', 'Mud-clearing volunteers now welcome'], body: ['週末から泥出しのボランティアを受け入れています。', 'From this weekend we are taking volunteers for mud clearing.'], daysAgo: 1 },
    ],
    schedules: [
      { title: ['初動報告', 'First response report'], dueInDays: -2, reportIndex: 0 },
      { title: ['1か月後の報告', 'One-month report'], dueInDays: 30 },
    ],
  },
  {
    key: 'clinic-car',
    associateId: 5,
    type: CampaignType.FREE,
    status: 'closed',
    title: ['訪問診療車を導入したい', 'A new car for home visits'],
    summary: ['山間部への訪問診療に使える四輪駆動車を導入します。', 'A four-wheel-drive car for home visits in the mountains.'],
    body: ['雪の多い山間部では、今の車では訪問できない日があります。', 'In the snowy mountains there are days our current car cannot reach patients.'],
    goalAmount: 1_500_000,
    startDaysAgo: 90,
    durationDays: 60,
    gifts: [{ amount: 1_000_000, message: '地域の医療を守ってください。' }, { amount: 600_000 }],
    reports: [
      { title: ['新しい車が届きました', 'The new car has arrived'], body: ['ご支援のおかげで、冬の訪問診療を続けられます。', 'Thanks to you, winter home visits can continue.'], daysAgo: 20 },
      // Last of all the demo reports, so the published ones keep their ids.
      { title: ['会計報告（下書き）', 'Financial report (draft)'], body: ['作成中です。', 'Being written.'], daysAgo: null },
    ],
  },
  {
    key: 'craft-workshop',
    associateId: 15,
    type: CampaignType.REWARD,
    status: 'published',
    title: ['若手職人のための共同工房をつくる', 'A shared workshop for young artisans'],
    summary: ['独立を目指す若手職人が使える共同工房を金沢につくります。', 'A shared workshop in Kanazawa for young artisans starting out.'],
    body: ['窯や道具をそろえるには多額の費用がかかり、若手の独立を阻んでいます。', 'Kilns and tools cost a great deal, which keeps young artisans from going independent.'],
    goalAmount: 3_000_000,
    crowdProgress: 0.23,
    startDaysAgo: 2,
    durationDays: 40,
    gifts: [],
    rewards: [
      { title: ['九谷焼の豆皿', 'Kutani-ware small plate'], description: ['若手職人による手描きの豆皿です。', 'A hand-painted small plate by a young artisan.'], amount: 10_000, stock: 50, appliedCount: 1, shippingMonth: '2026-06' },
      { title: ['工房見学ツアー', 'Workshop tour'], description: ['完成した工房をご案内します。', 'A guided tour of the finished workshop.'], amount: 30_000, stock: 10, appliedCount: 0, shippingMonth: '2026-09' },
    ],
  },
  {
    key: 'birthday-for-meals',
    associateId: 1,
    userKey: 'sho',
    type: CampaignType.BD,
    status: 'published',
    title: ['誕生日に、こども食堂を応援します', 'Supporting children\'s cafeterias for my birthday'],
    summary: ['「この冬、こども食堂に温かいごはんを」を誕生日に応援します。', 'I\'m backing the winter meals campaign for my birthday.'],
    body: ['友人の皆さん、お祝いの代わりにこちらへの寄付をお願いします。', 'Friends, instead of presents please give here.'],
    goalAmount: 50_000,
    crowdProgress: 0.84,
    startDaysAgo: 3,
    durationDays: 20,
    gifts: [{ amount: 3_000, message: 'おめでとう！' }],
    parentKey: 'winter-meals',
  },
  {
    key: 'ocean-survey-draft',
    associateId: 11,
    type: CampaignType.FREE,
    status: 'draft',
    title: ['海ごみ調査船を走らせたい（下書き）', 'A survey boat for marine litter (draft)'],
    summary: ['準備中のキャンペーンです。', 'A campaign in preparation.'],
    body: ['', ''],
    goalAmount: 2_000_000,
    startDaysAgo: 0,
    durationDays: 30,
    gifts: [],
  },
  {
    key: 'new-year-challenge',
    associateId: 1,
    userKey: 'yumi',
    type: CampaignType.FREE,
    status: 'draft',
    title: ['お正月のマラソンで、こども食堂を応援', 'Running a New Year marathon for children\'s cafeterias'],
    summary: ['1月のマラソン大会を完走して、こども食堂への寄付を集めます。', 'I will finish the January marathon and raise gifts for children\'s cafeterias.'],
    body: [
      '毎年走っているお正月のマラソンを、今年はこども食堂のために走ります。完走を応援してくださる方は、ぜひ寄付をお願いします。',
      'I run the New Year marathon every year; this year I run it for children\'s cafeterias. If you cheer me on, please give.',
    ],
    goalAmount: 30_000,
    startDaysAgo: 0,
    durationDays: 45,
    gifts: [],
    approvalRequested: { daysAgo: 1 },
  },
];
