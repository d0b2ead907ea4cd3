// Help (ADR 019): answers to the questions supporters ask most, ja and en. Figures
// follow spec §9 (limits, bank transfer expiry, password length) so help and product agree.
import type { HelpTopic, Localised } from './document';

export const HELP_TOPICS: Localised<readonly HelpTopic[]> = {
  ja: [
    {
      id: 'donating',
      heading: '寄付について',
      questions: [
        {
          id: 'how-to-donate',
          question: '寄付はどのようにすればよいですか？',
          answer: [
            '団体やキャンペーンのページにある「寄付する」ボタンから寄付フォームに進みます。金額と頻度を選び、支援者情報を入力し、確認画面で内容を確かめて申し込むと完了です。アカウントがなくても寄付できます。',
          ],
        },
        {
          id: 'payment-methods',
          question: 'どのお支払い方法が使えますか？',
          answer: [
            'クレジットカード（Visa、Mastercard）、ウォレットペイ、銀行振込をご利用いただけます。JCBとAmerican Expressは現在一時的にご利用いただけません。',
            {
              items: [
                '銀行振込は単発の寄付のみ',
                'ウォレットペイは毎年の寄付には使えません',
                '上限額はカードとウォレットペイが6,000,000円、銀行振込が9,999,999円です',
              ],
            },
          ],
        },
        {
          id: 'fee-included',
          question: '「手数料と税を含めて支援する」とは何ですか？',
          answer: [
            '本サービスの手数料（団体への寄付は5％、キャンペーンへの寄付は6％、それぞれ別途消費税）は寄付金から差し引かれます。このオプションを選ぶと、手数料と消費税を上乗せした金額をお支払いいただき、団体は選んだ金額をそのまま受け取れます。',
          ],
        },
        {
          id: 'anonymous',
          question: '名前を出さずに寄付できますか？',
          answer: [
            'はい。寄付フォームで「匿名で支援する」を選ぶと、寄付先の団体にはお名前やご連絡先が伝わりません。その場合、領収書は発行されません。',
          ],
        },
        {
          id: 'duplicate-warning',
          question: '「すでに支援されていませんか？」と表示されました。',
          answer: [
            '同じメールアドレスで、10分以内に同じ団体への支援があった場合に表示されます。すでに寄付が完了していないか、メールやマイページの支援履歴をご確認のうえ、続けるかどうかを選んでください。',
          ],
        },
      ],
    },
    {
      id: 'recurring',
      heading: '継続寄付（毎月・毎年）',
      questions: [
        {
          id: 'change-recurring',
          question: '継続寄付の金額やカードを変更したい、停止したい。',
          answer: [
            'ログインしてマイページの「継続的な支援」から、金額の変更、カードの変更、停止ができます。アカウントをお持ちでない方は、寄付完了メールに記載されたリンクから手続きできます。停止した後の決済日からは決済されません。',
          ],
        },
        {
          id: 'card-expired',
          question: '登録したカードの有効期限が切れます。',
          answer: [
            'マイページの「クレジットカード」で新しいカードを登録してください。新しいカードを登録すると、そのカードで支払っている継続寄付もまとめて新しいカードに切り替えるかどうかを確認する画面が表示されます。',
          ],
        },
      ],
    },
    {
      id: 'receipts',
      heading: '領収書と寄付金控除',
      questions: [
        {
          id: 'get-receipt',
          question: '領収書はどこで受け取れますか？',
          answer: [
            '寄付のお申込み時に「領収書を希望する」を選ぶと、寄付先の団体の名義で領収書が発行されます（匿名での支援を除きます）。ログインしてマイページの「支援履歴」から、PDFで1件ずつ、または年ごとにまとめてダウンロードできます。',
          ],
        },
        {
          id: 'tax-deduction',
          question: '寄付金控除の対象になりますか？',
          answer: [
            '認定NPO法人、公益財団法人などへの寄付は、確定申告により寄付金控除の対象となります。控除の対象とならない団体もありますので、寄付フォームの表示をご確認ください。控除を受けるには、団体が発行する領収書が必要です。',
          ],
        },
      ],
    },
    {
      id: 'bank-transfer',
      heading: '銀行振込',
      questions: [
        {
          id: 'transfer-account',
          question: '振込先はどこですか？',
          answer: [
            '銀行振込でお申込みいただくと、寄付ごとに専用の振込口座（普通預金）が発行され、完了画面とメールでお知らせします。振込手数料はご負担ください。',
          ],
        },
        {
          id: 'transfer-expired',
          question: '振込期限を過ぎてしまいました。',
          answer: [
            '振込口座には有効期限があります。期限を過ぎた口座へのお振込みは、振込手数料を差し引いて返金する場合があります。お手数ですが、改めて寄付フォームからお申込みください。',
          ],
        },
      ],
    },
    {
      id: 'account',
      heading: 'アカウント',
      questions: [
        {
          id: 'forgot-password',
          question: 'パスワードを忘れました。',
          answer: [
            'ログイン画面の「パスワードをお忘れの方」から、登録したメールアドレスに再設定用のメールをお送りします。パスワードは6文字以上で設定してください。',
          ],
        },
        {
          id: 'close-account',
          question: '退会したい。',
          answer: [
            '継続寄付をすべて停止したうえで、お問い合わせ窓口までご連絡ください。寄付の記録は、法令に従い退会後も一定期間保存されます。詳しくはプライバシーポリシーをご覧ください。',
          ],
        },
      ],
    },
  ],
  en: [
    {
      id: 'donating',
      heading: 'Donating',
      questions: [
        {
          id: 'how-to-donate',
          question: 'How do I donate?',
          answer: [
            "Press the donate button on an associate's or a campaign's page to open the donation form. Choose the amount and frequency, enter your details, check everything on the confirmation screen and submit. You do not need an account.",
          ],
        },
        {
          id: 'payment-methods',
          question: 'Which payment methods can I use?',
          answer: [
            'Credit card (Visa, Mastercard), Wallet Pay and bank transfer. JCB and American Express are temporarily unavailable.',
            {
              items: [
                'Bank transfer is for single donations only.',
                'Wallet Pay cannot be used for annual donations.',
                'The limit is 6,000,000 yen by card or Wallet Pay and 9,999,999 yen by bank transfer.',
              ],
            },
          ],
        },
        {
          id: 'fee-included',
          question: 'What does "Including fee and tax" mean?',
          answer: [
            'Our commission (5% on donations to associates and 6% on donations to campaigns, plus consumption tax) is taken from each donation. With this option, the commission and tax are added to your payment, so the associate receives the full amount you chose.',
          ],
        },
        {
          id: 'anonymous',
          question: 'Can I donate without showing my name?',
          answer: [
            'Yes. Choose "Support anonymously" in the donation form and the associate will not receive your name or contact details. No receipt is issued for an anonymous gift.',
          ],
        },
        {
          id: 'duplicate-warning',
          question: 'I was asked "Have you already given?"',
          answer: [
            'This appears when a gift to the same organisation was made with the same email address in the last 10 minutes. Check your email or your support history on My page to see whether the first one went through, then choose whether to continue.',
          ],
        },
      ],
    },
    {
      id: 'recurring',
      heading: 'Monthly and annual donations',
      questions: [
        {
          id: 'change-recurring',
          question: 'How do I change or stop a recurring donation?',
          answer: [
            'Sign in and go to Recurring support on My page to change the amount or card, or to stop it. Without an account, use the link in your confirmation email. No charge is made on payment dates after you stop.',
          ],
        },
        {
          id: 'card-expired',
          question: 'My saved card is about to expire.',
          answer: [
            'Register the new card under Credit card on My page. You will be asked whether recurring donations paid with the old card should move to the new one as well.',
          ],
        },
      ],
    },
    {
      id: 'receipts',
      heading: 'Receipts and tax deductions',
      questions: [
        {
          id: 'get-receipt',
          question: 'Where do I get my receipt?',
          answer: [
            'If you tick "I would like a receipt" when you donate, one is issued in the name of the associate you supported (not for anonymous gifts). Sign in and open Support history on My page to download it as a PDF, one by one or all of a year together.',
          ],
        },
        {
          id: 'tax-deduction',
          question: 'Is my donation tax-deductible?',
          answer: [
            "Gifts to certified NPOs, public interest foundations and similar bodies can be deducted in your tax return. Gifts to some associates are not deductible; the donation form tells you. You need the associate's receipt to claim the deduction.",
          ],
        },
      ],
    },
    {
      id: 'bank-transfer',
      heading: 'Bank transfer',
      questions: [
        {
          id: 'transfer-account',
          question: 'Where do I send the money?',
          answer: [
            'When you choose bank transfer, a dedicated ordinary account is issued for your donation and shown on the completion screen and in an email. Transfer fees are yours to pay.',
          ],
        },
        {
          id: 'transfer-expired',
          question: 'I missed the transfer deadline.',
          answer: [
            'Each transfer account has an expiry date. Money paid into an expired account may be refunded less the transfer fee. Please apply again through the donation form.',
          ],
        },
      ],
    },
    {
      id: 'account',
      heading: 'Your account',
      questions: [
        {
          id: 'forgot-password',
          question: 'I forgot my password.',
          answer: [
            'Use "Forgot your password?" on the login screen and we will email you a link to set a new one. Passwords need at least 6 characters.',
          ],
        },
        {
          id: 'close-account',
          question: 'How do I close my account?',
          answer: [
            'Stop all recurring donations, then contact us. Donation records are kept for a period after you leave, as the law requires; see the privacy policy for details.',
          ],
        },
      ],
    },
  ],
};
