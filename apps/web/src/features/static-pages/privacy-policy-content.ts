// Privacy policy text (ADR 019), ja and en. The card section follows
// architecture.md §1: card data goes from the browser to the card gateway and never reaches us.
import type { LegalDocument, Localised } from './document';

export const PRIVACY_POLICY: Localised<LegalDocument> = {
  ja: {
    dates: '制定日：2021年4月1日　最終改定日：2025年4月1日',
    preamble: [
      'Kifuを運営する当社は、寄付プラットフォーム「Kifu」（以下「本サービス」）をご利用になる支援者の皆さま、掲載団体の皆さまの個人情報を、個人情報の保護に関する法律その他の関係法令に従って適切に取り扱います。本ポリシーは、当社が取得する情報、その利用目的、団体への提供、保存期間、皆さまの権利について定めるものです。',
    ],
    sections: [
      {
        id: 'information-we-collect',
        heading: '1. 取得する情報',
        body: [
          '当社は、本サービスの提供にあたり、次の情報を取得します。',
          {
            items: [
              'アカウント情報：メールアドレス、パスワード（不可逆な形式に変換して保存します）、ソーシャルログインをご利用の場合はその識別子',
              '支援者情報：氏名、フリガナ、法人名、住所、電話番号、生年月日、性別など、寄付のお申込みや領収書の発行に必要な情報',
              '寄付に関する情報：寄付先、金額、頻度（単発・毎月・毎年）、お支払い方法、お申込み日時、応援メッセージ、アンケートへの回答',
              'お支払いに関する情報：決済代行会社が発行する顧客識別子、カードブランド、カード番号の下4桁、有効期限（カード番号そのものは取得しません。第3条をご覧ください）',
              '利用状況に関する情報：IPアドレス、ブラウザの種類、閲覧したページ、Cookie等の識別子、不正利用防止サービスの判定結果',
              'お問い合わせの内容と、その対応の記録',
            ],
          },
        ],
      },
      {
        id: 'purposes',
        heading: '2. 利用目的',
        body: [
          '取得した情報は、次の目的の範囲内で利用します。',
          {
            items: [
              '寄付のお申込みの受付、決済、継続寄付の管理、および寄付先団体への寄付金の送金',
              '領収書の作成・送付と、寄付金控除に関するご案内',
              'ご本人確認、ログインの維持、パスワード再設定などアカウントの管理',
              '寄付完了のお知らせ、活動報告、ニュースレター（配信を希望された方のみ）のお届け',
              '重複した寄付や不正利用の検知と防止、本サービスの安全な運営',
              'お問い合わせへの対応',
              '個人を特定できない形に集計した統計情報の作成と、本サービスの改善',
            ],
          },
        ],
      },
      {
        id: 'card-data',
        heading: '3. クレジットカード情報の取り扱い',
        body: [
          'クレジットカード番号、有効期限、セキュリティコードは、お客様のブラウザから、当社が契約する決済代行会社（国際的なセキュリティ基準PCI DSSに準拠した事業者）へ直接送信されます。カード番号とセキュリティコードが当社のサーバーを通過したり、当社に保存されたりすることはありません。',
          'カード情報は決済代行会社が保管し、当社はその代わりに発行される識別子（トークン）と、カードブランド・下4桁・有効期限だけを保持します。これらは、登録済みカードの表示、継続寄付の決済、有効期限切れのお知らせのために利用します。',
          '3-Dセキュア（本人認証）は、カード発行会社と決済代行会社の間で行われ、その際に入力されるパスワード等を当社が知ることはありません。',
        ],
      },
      {
        id: 'sharing-with-associates',
        heading: '4. 寄付先団体への提供',
        body: [
          '寄付は、本サービスに掲載された団体（以下「団体」）に対して行われます。団体が寄付の受領を確認し、領収書を発行し、お礼や活動報告を届けられるよう、当社は寄付先の団体に次の情報を提供します。寄付のお申込みをもって、この提供に同意いただいたものとします。',
          {
            items: [
              '氏名（法人の場合は法人名と担当者名）、フリガナ、住所、電話番号、メールアドレス',
              '寄付の金額、頻度、日時、お支払い方法',
              '応援メッセージ、アンケートへの回答、「団体からのお知らせを受け取る」の選択',
            ],
          },
          '「匿名で支援する」を選んだ場合、団体にはお名前やご連絡先を提供せず、寄付の金額、頻度、日時とメッセージのみを伝えます。この場合、領収書は発行されません。ポートフォリオへの寄付では、寄付を受ける各団体に同じ情報が提供されます。',
          '団体は、提供を受けた情報を上記の目的の範囲で、各団体の責任において管理します。団体による取り扱いについては、各団体のプライバシーポリシーもあわせてご確認ください。',
        ],
      },
      {
        id: 'third-parties',
        heading: '5. 第三者提供と業務委託',
        body: [
          '当社は、前条の場合、ご本人の同意がある場合、または法令に基づく場合を除き、個人情報を第三者に提供しません。',
          '当社は、決済処理（決済代行会社）、銀行振込のための口座発行（金融機関）、メール配信、サーバーの運用、不正利用の判定などの業務を外部の事業者に委託することがあります。委託先には業務に必要な範囲の情報のみを預け、契約によって適切な管理を義務づけ、監督します。委託先の一部は日本国外にサーバーを置いている場合があり、その場合も法令に従って必要な措置を講じます。',
        ],
      },
      {
        id: 'cookies',
        heading: '6. Cookieと端末への保存',
        body: [
          '本サービスは、ログイン状態の維持（Cookie「user_token」、有効期間60日）、表示言語、表示モード（ライト・ダーク、有効期間1年）の保存にCookieを使います。また、お使いの端末のブラウザ内（ローカルストレージ）に、入力途中の寄付フォームの内容、最近見たページ（直近5件）、閉じたお知らせなどを保存します。これらは端末の中だけに保存され、当社のサーバーには送信されません。',
          '利用状況の分析のためにアクセス解析ツールを利用することがあります。ブラウザの設定でCookieを無効にできますが、その場合はログインなど一部の機能がご利用いただけません。',
        ],
      },
      {
        id: 'security',
        heading: '7. 安全管理',
        body: [
          '当社は、通信の暗号化（TLS）、アクセス権限の管理、パスワードの不可逆な変換による保存、操作記録の取得、従業者への教育など、個人情報の漏えい、滅失、毀損を防ぐための措置を講じます。万一漏えい等が発生した場合は、法令に従い、個人情報保護委員会への報告とご本人への通知を行います。',
        ],
      },
      {
        id: 'retention',
        heading: '8. 保存期間',
        body: [
          {
            items: [
              '寄付の記録と領収書に関する情報：税務および会計に関する法令に従い、寄付の日から7年間保存します。',
              'アカウント情報：退会のお手続きまで保存し、退会後は、上記の寄付の記録を除き、速やかに削除します。',
              '期限を過ぎた銀行振込の申込みなど、成立しなかった寄付の情報：不正利用の調査に必要な期間（最長1年）の後に削除します。',
              'アクセスログ：安全管理のため、原則として1年間保存します。',
            ],
          },
        ],
      },
      {
        id: 'your-rights',
        heading: '9. 開示・訂正・利用停止等のご請求',
        body: [
          'ご本人は、当社が保有する個人情報について、利用目的の通知、開示、内容の訂正・追加・削除、利用の停止・消去、第三者への提供の停止を請求できます。氏名、住所、カード情報などはマイページからいつでも変更できます。その他のご請求は、第11条の窓口までご連絡ください。ご本人であることを確認したうえで、法令に従い遅滞なく対応します。',
          'ニュースレターなどのお知らせは、各メールに記載の手続きまたはマイページの通知設定からいつでも停止できます。',
        ],
      },
      {
        id: 'changes',
        heading: '10. 本ポリシーの改定',
        body: [
          '当社は、法令の改正やサービス内容の変更に応じて本ポリシーを改定することがあります。重要な変更を行う場合は、本サービス上でのお知らせまたはメールにより、施行日の前にお知らせします。',
        ],
      },
      {
        id: 'contact',
        heading: '11. お問い合わせ窓口',
        body: [
          '個人情報の取り扱いに関するお問い合わせ、ご請求、苦情は、次の窓口で受け付けます。',
          {
            items: [
              '個人情報お問い合わせ窓口：privacy@kifu.example',
              '受付時間：平日10時〜17時（土日祝日、年末年始を除く）',
              '事業者の名称と所在地は「特定商取引法に基づく表記」に記載しています。',
            ],
          },
        ],
      },
    ],
  },
  en: {
    dates: 'Established 1 April 2021. Last revised 1 April 2025.',
    preamble: [
      'We, the operator of Kifu, handle the personal information of supporters and of listed associates who use the donation platform Kifu (the "Service") properly and in accordance with the Act on the Protection of Personal Information and other applicable laws of Japan. This policy explains what we collect, why, what we share with associates, how long we keep it and what rights you have.',
    ],
    sections: [
      {
        id: 'information-we-collect',
        heading: '1. Information we collect',
        body: [
          'To provide the Service we collect the following information.',
          {
            items: [
              'Account information: email address, password (stored only in an irreversible form) and, if you use social login, its identifier.',
              'Supporter information: name, phonetic name, company name, address, phone number, date of birth, gender and other details needed to accept a donation and issue a receipt.',
              'Donation information: the recipient, amount, frequency (single, monthly or annual), payment method, date and time, messages of support and survey answers.',
              'Payment information: the customer identifier issued by the card gateway, card brand, the last four digits and the expiry date. We never receive the card number itself (see section 3).',
              'Usage information: IP address, browser type, pages viewed, cookie identifiers and the result of our bot-protection check.',
              'The content of your enquiries and the record of how we handled them.',
            ],
          },
        ],
      },
      {
        id: 'purposes',
        heading: '2. Why we use it',
        body: [
          'We use the information only for the following purposes.',
          {
            items: [
              'Accepting and processing donations, managing recurring donations and transferring the funds to the associates you support.',
              'Issuing and sending receipts, and information about tax deductions.',
              'Verifying your identity, keeping you signed in, password recovery and other account management.',
              'Sending donation confirmations, activity reports and, only if you asked for them, newsletters.',
              'Detecting and preventing duplicate donations and fraud, and operating the Service safely.',
              'Answering your enquiries.',
              'Compiling statistics that do not identify anyone, and improving the Service.',
            ],
          },
        ],
      },
      {
        id: 'card-data',
        heading: '3. Card data',
        body: [
          'Your card number, expiry date and security code are sent from your browser directly to our card gateway, a payment company certified to the PCI DSS security standard. The card number and security code never pass through or rest on our servers.',
          'The card gateway keeps your card data. We keep only the token it issues in its place, together with the card brand, the last four digits and the expiry date, which we use to show your saved card, to charge recurring donations and to tell you when the card is about to expire.',
          '3-D Secure authentication takes place between your card issuer and the card gateway; we never see the password or code you enter there.',
        ],
      },
      {
        id: 'sharing-with-associates',
        heading: '4. Sharing with associates',
        body: [
          'Donations are made to the organisations listed on the Service ("associates"). So that an associate can confirm your gift, issue a receipt and thank you or report back, we give the associate you support the following information. By making a donation you agree to this.',
          {
            items: [
              'Name (for a company, the company name and contact person), phonetic name, address, phone number and email address.',
              'The amount, frequency, date and payment method of the donation.',
              'Your message of support, survey answers and whether you ticked "Receive news from the associate".',
            ],
          },
          'If you choose "Support anonymously", the associate receives no name or contact details, only the amount, frequency, date and your message, and no receipt is issued. For a gift to a portfolio, each associate that receives part of it gets the same information.',
          'Each associate manages the information it receives under its own responsibility and only for these purposes. Please also read the privacy policy of the associate you support.',
        ],
      },
      {
        id: 'third-parties',
        heading: '5. Other third parties and service providers',
        body: [
          'Apart from the sharing described in section 4, we do not give personal information to third parties without your consent unless the law requires it.',
          'We entrust some work to service providers: payment processing (the card gateway), issuing bank transfer accounts (a bank), sending email, running servers and fraud detection. They receive only what the task needs, are bound by contract to protect it, and are supervised by us. Some keep servers outside Japan; where they do, we take the measures the law requires.',
        ],
      },
      {
        id: 'cookies',
        heading: '6. Cookies and storage on your device',
        body: [
          'The Service uses cookies to keep you signed in (the "user_token" cookie, valid for 60 days), and to remember your language and your colour mode (light or dark, valid for one year). It also keeps some data in your browser\'s local storage: a donation form you have not finished, the last five pages you viewed and the notices you closed. That data stays on your device and is not sent to our servers.',
          'We may use web analytics to understand how the Service is used. You can turn cookies off in your browser, but some features, such as signing in, will then not work.',
        ],
      },
      {
        id: 'security',
        heading: '7. Security',
        body: [
          'We protect personal information against leakage, loss and damage with encrypted connections (TLS), access control, irreversible password storage, audit logs and staff training. If a breach occurs, we report it to the Personal Information Protection Commission and inform the people concerned, as the law requires.',
        ],
      },
      {
        id: 'retention',
        heading: '8. How long we keep it',
        body: [
          {
            items: [
              'Donation records and receipt information: seven years from the donation, as Japanese tax and accounting laws require.',
              'Account information: until you close your account; after that it is deleted promptly, except for the donation records above.',
              'Donations that were never completed, such as an expired bank transfer: for up to one year, to investigate fraud, then deleted.',
              'Access logs: normally one year, for security.',
            ],
          },
        ],
      },
      {
        id: 'your-rights',
        heading: '9. Your rights',
        body: [
          'You may ask us to tell you how we use your personal information, to disclose it, to correct, add to or delete it, to stop using or erase it, and to stop giving it to third parties. You can change your name, address and card at any time on My page. For anything else, contact us at the address in section 11. Once we have confirmed your identity, we will respond without delay as the law requires.',
          'You can stop newsletters and other notices at any time with the link in each email or in the notification settings on My page.',
        ],
      },
      {
        id: 'changes',
        heading: '10. Changes to this policy',
        body: [
          'We may revise this policy when laws or the Service change. We will announce important changes on the Service or by email before they take effect.',
        ],
      },
      {
        id: 'contact',
        heading: '11. Contact',
        body: [
          'Questions, requests and complaints about personal information are handled by:',
          {
            items: [
              'Privacy desk: privacy@kifu.example',
              'Hours: weekdays 10:00–17:00 Japan time (except public holidays and the New Year break)',
              'Our company name and address are given on the notation page under the Specified Commercial Transactions Act.',
            ],
          },
        ],
      },
    ],
  },
};
