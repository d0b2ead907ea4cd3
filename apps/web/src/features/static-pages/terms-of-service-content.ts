// Terms of service (ADR 019), ja and en: one part for supporters and one for
// associates. Figures follow spec §9 (commission 5 % and 6 % for campaigns plus consumption tax,
// limits per payment method, bank transfer expiry) so the terms and the product agree.
import type { Localised, TermsDocument } from './document';

export const TERMS_OF_SERVICE: Localised<TermsDocument> = {
  ja: {
    dates: '制定日：2021年4月1日　最終改定日：2025年4月1日',
    preamble: [
      '本規約は、当社が運営する寄付プラットフォーム「Kifu」（以下「本サービス」）の利用条件を定めるものです。寄付をされる方には「支援者向け利用規約」が、本サービスに掲載して寄付を受け付ける団体には「団体向け利用規約」が適用されます。',
    ],
    parts: [
      {
        id: 'supporter-section',
        heading: '支援者向け利用規約',
        intro: '本サービスを利用して団体、キャンペーン、ポートフォリオに寄付をされるすべての方（以下「支援者」）に適用されます。',
        articles: [
          {
            id: 'supporter-article-1',
            heading: '第1条（定義）',
            body: [
              {
                ordered: true,
                items: [
                  '「団体」とは、本サービスに掲載され、寄付を受け付ける法人その他の組織をいいます。',
                  '「キャンペーン」とは、団体が目標金額と期間を定めて寄付を募る企画をいいます。',
                  '「ポートフォリオ」とは、当社が複数の団体を組み合わせ、寄付を定められた割合で各団体に分配する寄付先をいいます。',
                  '「継続寄付」とは、毎月または毎年、同じ金額を自動的に寄付する方法をいいます。',
                ],
              },
            ],
          },
          {
            id: 'supporter-article-2',
            heading: '第2条（アカウント）',
            body: [
              '支援者は、アカウントを作成せずに寄付することも、アカウントを作成して寄付することもできます。アカウントを作成した支援者は、支援履歴や領収書の確認、登録カードや継続寄付の管理をマイページで行えます。',
              '支援者は、登録情報を正確かつ最新に保ち、パスワードを第三者に知られないよう管理するものとします。アカウントを用いた行為は、その支援者自身の行為とみなします。',
            ],
          },
          {
            id: 'supporter-article-3',
            heading: '第3条（寄付の申込みと成立）',
            body: [
              '寄付は、支援者が寄付フォームで金額、お支払い方法、支援者情報を入力し、確認画面で申込みを確定した時点で申し込まれ、決済が完了した時点（銀行振込の場合は入金が確認された時点）で成立します。',
              '本サービスは、同じメールアドレスで10分以内に同じ団体への申込みがあった場合、重複のおそれがあることをお知らせします。',
              '寄付金は、当社が決済代行会社を通じて受け取り、所定の手数料を差し引いたうえで寄付先の団体に送金します。「手数料と税を含めて支援する」を選んだ場合は、団体が指定の金額を受け取れるよう、手数料と消費税を上乗せした金額をお支払いいただきます。',
            ],
          },
          {
            id: 'supporter-article-4',
            heading: '第4条（お支払い方法と上限額）',
            body: [
              '利用できるお支払い方法は、クレジットカード、ウォレットペイ、銀行振込です。一回の寄付の上限額は、クレジットカードとウォレットペイが6,000,000円、銀行振込が9,999,999円です。毎年の寄付（クレジットカード）は300円以上6,000,000円以下とします。銀行振込は単発の寄付に限り、ウォレットペイは毎年の寄付にはご利用いただけません。',
              '銀行振込の場合、申込みごとに専用の振込口座が発行されます。口座には有効期限があり、期限後のお振込みは、振込手数料を差し引いて返金する場合があります。',
            ],
          },
          {
            id: 'supporter-article-5',
            heading: '第5条（継続寄付）',
            body: [
              '毎月の継続寄付は、初回の決済日を起点に毎月、毎年の寄付は毎年、登録されたクレジットカードで自動的に決済されます。年会費型のメンバーシップは、団体が定めた月の1日に毎年決済されます。',
              '支援者は、マイページ（アカウントをお持ちでない方は、寄付完了メールに記載の専用ページ）から、いつでも金額やカードの変更、継続寄付の停止ができます。停止の手続き後に到来する決済日から、決済は行われません。',
              'カードの有効期限切れ等により決済ができなかった場合、当社はお知らせのうえ再度決済を試みることがあります。一定期間決済ができない場合、継続寄付は停止されます。',
            ],
          },
          {
            id: 'supporter-article-6',
            heading: '第6条（取消しと返金）',
            body: [
              '寄付はその性質上、成立後の取消しや返金はできません。ただし、誤って重複して申し込んだ場合、第三者によるカードの不正利用があった場合、その他当社が相当と認める場合は、寄付の日から30日以内にお問い合わせいただければ、個別に対応します。',
            ],
          },
          {
            id: 'supporter-article-7',
            heading: '第7条（領収書と寄付金控除）',
            body: [
              '寄付の領収書は、お申込み時に「領収書を希望する」を選んだ場合に寄付先の団体の名義で発行され、マイページからダウンロードできます。匿名での支援には領収書は発行されません。寄付金控除などの税制上の優遇を受けられるかどうかは、寄付先の団体の法人格や認定の有無によって異なり、寄付金控除の対象とならない団体もあります。寄付フォームの表示をご確認ください。',
            ],
          },
          {
            id: 'supporter-article-8',
            heading: '第8条（禁止事項）',
            body: [
              '支援者は、次の行為をしてはなりません。',
              {
                items: [
                  '他人の名義やクレジットカードを使って寄付すること',
                  'マネー・ローンダリングその他の犯罪に関わる目的で本サービスを利用すること',
                  '虚偽の情報を登録すること',
                  '応援メッセージ等で、他人を誹謗中傷し、またはその権利を侵害すること',
                  '本サービスの運営を妨げ、または不正にアクセスすること',
                ],
              },
            ],
          },
          {
            id: 'supporter-article-9',
            heading: '第9条（免責）',
            body: [
              '寄付金の使途と団体の活動は、各団体の責任において行われます。当社は、団体の掲載にあたって所定の審査を行いますが、団体の活動の成果を保証するものではありません。当社は、当社の故意または重大な過失による場合を除き、本サービスの利用に関して支援者に生じた損害について責任を負いません。',
            ],
          },
          {
            id: 'supporter-article-10',
            heading: '第10条（規約の変更、準拠法と管轄）',
            body: [
              '当社は、民法の定めに従い本規約を変更することがあり、その場合は効力発生日と変更内容を事前に本サービス上でお知らせします。本規約は日本法に準拠し、本サービスに関する紛争は東京地方裁判所を第一審の専属的合意管轄裁判所とします。',
            ],
          },
        ],
      },
      {
        id: 'associate-section',
        heading: '団体向け利用規約',
        intro:
          '本サービスに団体ページを掲載し、寄付を受け付ける団体（以下「団体」）と、その管理画面を利用する団体のスタッフに適用されます。',
        articles: [
          {
            id: 'associate-article-1',
            heading: '第1条（掲載の申込みと審査）',
            body: [
              '掲載を希望する団体は、当社所定の方法で申し込み、法人の登記事項、代表者、活動内容、口座情報などを提出するものとします。当社は所定の基準で審査を行い、掲載の可否を決定します。審査の理由は開示しないことがあります。',
            ],
          },
          {
            id: 'associate-article-2',
            heading: '第2条（掲載情報）',
            body: [
              '団体は、団体ページ、キャンペーン、活動報告、リターンの内容を、自らの責任で正確に作成し、最新の状態に保つものとします。掲載情報の著作権は団体に帰属しますが、団体は、当社が本サービスとその紹介のためにこれを無償で利用することを許諾します。',
            ],
          },
          {
            id: 'associate-article-3',
            heading: '第3条（手数料）',
            body: [
              '団体は、受け付けた寄付の金額に対し、次の手数料（別途消費税）を当社に支払います。手数料は送金時に寄付金から差し引きます。',
              { items: ['団体・ポートフォリオへの寄付：5％', 'キャンペーンへの寄付：6％'] },
              '団体ページの開設と掲載に費用はかかりません。',
            ],
          },
          {
            id: 'associate-article-4',
            heading: '第4条（寄付金の送金）',
            body: [
              '当社は、毎月末日までに成立した寄付について、手数料を差し引いた金額を翌月末日までに団体の指定口座に送金します。送金額が所定の金額に満たない場合は、翌月以降にあわせて送金することがあります。',
            ],
          },
          {
            id: 'associate-article-5',
            heading: '第5条（領収書の発行）',
            body: [
              '寄付の領収書は、団体の名義で発行されます。団体は、領収書に記載する名称、所在地、寄付金控除に関する記載が正確であることに責任を負い、控除の対象となる認定等を失った場合は、直ちに当社に届け出るものとします。',
            ],
          },
          {
            id: 'associate-article-6',
            heading: '第6条（支援者情報の取り扱い）',
            body: [
              '団体は、当社から提供を受けた支援者の個人情報を、寄付の受領確認、領収書の発行、お礼と活動報告、ニュースレター（希望した支援者に限ります）のためにのみ利用し、関係法令に従って安全に管理するものとします。匿名での支援については、支援者の氏名と連絡先は提供されません。',
            ],
          },
          {
            id: 'associate-article-7',
            heading: '第7条（禁止事項）',
            body: [
              '団体は、次の行為をしてはなりません。',
              {
                items: [
                  '掲載した目的と異なる使途に寄付金を用いること',
                  '虚偽または誤解を招く情報で寄付を募ること',
                  '政治活動、宗教の勧誘、公序良俗に反する活動のために寄付を募ること',
                  '支援者の個人情報を目的外に利用し、または第三者に提供すること',
                ],
              },
            ],
          },
          {
            id: 'associate-article-8',
            heading: '第8条（掲載の停止と契約の終了）',
            body: [
              '団体が本規約に違反した場合、または審査の基準を満たさなくなった場合、当社は事前の通知なく掲載を停止し、寄付の受付を止めることができます。団体は、3か月前までに通知することで掲載を終了できます。終了時に進行中の継続寄付は停止され、当社は支援者にその旨を通知します。',
            ],
          },
          {
            id: 'associate-article-9',
            heading: '第9条（免責、準拠法と管轄）',
            body: [
              '当社は、団体の活動とその結果について責任を負いません。本規約は日本法に準拠し、本サービスに関する紛争は東京地方裁判所を第一審の専属的合意管轄裁判所とします。',
            ],
          },
        ],
      },
    ],
  },
  en: {
    dates: 'Established 1 April 2021. Last revised 1 April 2025.',
    preamble: [
      'These terms set the conditions for using Kifu, the donation platform we operate (the "Service"). The terms for supporters apply to people who donate; the terms for associates apply to organisations listed on the Service that accept donations. The Japanese text prevails if the two versions differ.',
    ],
    parts: [
      {
        id: 'supporter-section',
        heading: 'Terms of service for supporters',
        intro: 'These terms apply to everyone who donates to an associate, a campaign or a portfolio through the Service ("supporters").',
        articles: [
          {
            id: 'supporter-article-1',
            heading: 'Article 1. Definitions',
            body: [
              {
                ordered: true,
                items: [
                  '"Associate" means a corporation or other organisation listed on the Service that accepts donations.',
                  '"Campaign" means a fundraising project in which an associate sets a target amount and a period.',
                  '"Portfolio" means a donation target put together by us from several associates, whose gifts are split among them in set shares.',
                  '"Recurring donation" means giving the same amount automatically every month or every year.',
                ],
              },
            ],
          },
          {
            id: 'supporter-article-2',
            heading: 'Article 2. Accounts',
            body: [
              'You can donate as a guest or with an account. With an account you can see your support history and receipts and manage your saved card and recurring donations on My page.',
              'You must keep your details accurate and up to date and keep your password to yourself. Anything done with your account is treated as done by you.',
            ],
          },
          {
            id: 'supporter-article-3',
            heading: 'Article 3. Making a donation',
            body: [
              'You apply for a donation when you enter the amount, payment method and your details in the donation form and confirm on the confirmation screen. The donation is made when the payment completes, or for a bank transfer, when we confirm your deposit.',
              'If a gift to the same organisation was made with the same email address in the last 10 minutes, the Service asks whether you want to give again.',
              'We receive donations through our card gateway and bank, and transfer them to the associate less the commission. If you choose "Including fee and tax", the commission and consumption tax are added to your payment so that the associate receives the full amount you chose.',
            ],
          },
          {
            id: 'supporter-article-4',
            heading: 'Article 4. Payment methods and limits',
            body: [
              'You can pay by credit card, Wallet Pay or bank transfer. A single donation can be up to 6,000,000 yen by card or Wallet Pay and up to 9,999,999 yen by bank transfer. Annual card donations must be between 300 and 6,000,000 yen. Bank transfer is for single donations only, and Wallet Pay cannot be used for annual donations.',
              'For a bank transfer, a dedicated account is issued for each donation. The account has an expiry date; money paid in after it may be refunded less the transfer fee.',
            ],
          },
          {
            id: 'supporter-article-5',
            heading: 'Article 5. Recurring donations',
            body: [
              'A monthly donation is charged to your saved card every month from the first payment, and an annual donation every year. Annual memberships are charged every year on the 1st of the month set by the associate.',
              'You can change the amount or card, or stop a recurring donation, at any time on My page (or, without an account, on the page linked in your confirmation email). No charge is made on payment dates after you stop.',
              'If a charge fails, for example because the card has expired, we tell you and may try again. If charges keep failing, the recurring donation is suspended.',
            ],
          },
          {
            id: 'supporter-article-6',
            heading: 'Article 6. Cancellation and refunds',
            body: [
              'By their nature, donations cannot be cancelled or refunded once made. If you donated twice by mistake, if your card was used without your permission, or in other cases we consider reasonable, contact us within 30 days of the donation and we will deal with it individually.',
            ],
          },
          {
            id: 'supporter-article-7',
            heading: 'Article 7. Receipts and tax deductions',
            body: [
              "If you ask for a receipt when you donate, it is issued in the name of the associate you supported and can be downloaded from My page. Anonymous gifts get no receipt. Whether your gift qualifies for a tax deduction depends on the associate's legal status and certification, and gifts to some associates do not. The donation form tells you which applies.",
            ],
          },
          {
            id: 'supporter-article-8',
            heading: 'Article 8. Prohibited conduct',
            body: [
              'Supporters must not:',
              {
                items: [
                  "donate in another person's name or with another person's card;",
                  'use the Service for money laundering or any other criminal purpose;',
                  'register false information;',
                  'defame others or infringe their rights in messages of support;',
                  'disrupt the Service or access it without authorisation.',
                ],
              },
            ],
          },
          {
            id: 'supporter-article-9',
            heading: 'Article 9. Limitation of liability',
            body: [
              'Each associate is responsible for how it uses donations and for its activities. We review associates before listing them but do not guarantee the results of their work. Except in cases of our wilful misconduct or gross negligence, we are not liable for losses you suffer in connection with the Service.',
            ],
          },
          {
            id: 'supporter-article-10',
            heading: 'Article 10. Changes, governing law and jurisdiction',
            body: [
              'We may change these terms as the Civil Code of Japan allows, announcing the change and its effective date on the Service in advance. These terms are governed by the laws of Japan, and the Tokyo District Court has exclusive jurisdiction in the first instance over disputes about the Service.',
            ],
          },
        ],
      },
      {
        id: 'associate-section',
        heading: 'Terms of service for associates',
        intro:
          'These terms apply to organisations that publish a page on the Service and accept donations ("associates"), and to their staff who use the admin application.',
        articles: [
          {
            id: 'associate-article-1',
            heading: 'Article 1. Application and review',
            body: [
              'An organisation that wants to be listed applies in the way we specify and provides its registration details, representative, activities and bank account. We review the application against our criteria and decide whether to list it. We may not give reasons for our decision.',
            ],
          },
          {
            id: 'associate-article-2',
            heading: 'Article 2. Listed content',
            body: [
              'Associates are responsible for making their page, campaigns, reports and rewards accurate and keeping them up to date. Associates keep the copyright in their content and allow us to use it free of charge for the Service and for promoting it.',
            ],
          },
          {
            id: 'associate-article-3',
            heading: 'Article 3. Commission',
            body: [
              'Associates pay us the following commission, plus consumption tax, on donations received. It is deducted from the donations when we transfer them.',
              { items: ['Donations to an associate or a portfolio: 5%', 'Donations to a campaign: 6%'] },
              'Opening and publishing an associate page is free.',
            ],
          },
          {
            id: 'associate-article-4',
            heading: 'Article 4. Transfers',
            body: [
              "For donations made by the end of each month, we transfer the amount less commission to the associate's registered account by the end of the following month. If the amount is below our minimum, we may carry it over to a later month.",
            ],
          },
          {
            id: 'associate-article-5',
            heading: 'Article 5. Receipts',
            body: [
              "Receipts are issued in the associate's name. Associates are responsible for the accuracy of the name, address and tax-deduction statements on them, and must tell us immediately if they lose a certification that makes gifts deductible.",
            ],
          },
          {
            id: 'associate-article-6',
            heading: "Article 6. Supporters' personal information",
            body: [
              "Associates may use the supporters' personal information we provide only to confirm gifts, issue receipts, thank supporters and report on their work, and to send newsletters to supporters who asked for them, and must keep it secure as the law requires. For anonymous gifts, no name or contact details are provided.",
            ],
          },
          {
            id: 'associate-article-7',
            heading: 'Article 7. Prohibited conduct',
            body: [
              'Associates must not:',
              {
                items: [
                  'use donations for purposes other than those stated;',
                  'raise funds with false or misleading information;',
                  'raise funds for political campaigning, religious recruitment or activities contrary to public order;',
                  "use supporters' personal information for other purposes or give it to others.",
                ],
              },
            ],
          },
          {
            id: 'associate-article-8',
            heading: 'Article 8. Suspension and termination',
            body: [
              "If an associate breaches these terms or no longer meets our criteria, we may suspend its listing and stop accepting donations for it without notice. An associate may end its listing with three months' notice. Recurring donations to it then stop, and we inform the supporters.",
            ],
          },
          {
            id: 'associate-article-9',
            heading: 'Article 9. Liability, governing law and jurisdiction',
            body: [
              "We are not responsible for associates' activities or their results. These terms are governed by the laws of Japan, and the Tokyo District Court has exclusive jurisdiction in the first instance over disputes about the Service.",
            ],
          },
        ],
      },
    ],
  },
};
