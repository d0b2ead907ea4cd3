// Every mail Kifu sends, in one place (ADR 030): subject and plain
// text in ja and en by the recipient's language, placeholders {{name}} filled from `values`.
// The associate's own thank-you wording (donation_thanks_mails) replaces the donation-thanks text
// where it exists (enqueue-thanks-mail.ts); the rest is the platform's.
import type { Locale } from '@kifu/domain';

export const MAIL_TEMPLATES = {
  /** A paid gift; `kind` words it: single, monthly, annual membership (values: name, amount, associate). */
  'donation-thanks': {
    ja: {
      subject: 'ご寄付ありがとうございました',
      text: '{{name}}様\n\nこのたびは{{associate}}へ{{amount}}のご寄付をいただき、誠にありがとうございました。\nいただいたご支援は大切に活用させていただきます。\n\nKifu',
    },
    en: {
      subject: 'Thank you for your donation',
      text: 'Dear {{name}},\n\nThank you for your donation of {{amount}} to {{associate}}.\nYour support will be put to good use.\n\nKifu',
    },
  },
  'donation-thanks-monthly': {
    ja: {
      subject: '毎月のご寄付ありがとうございます',
      text: '{{name}}様\n\nこのたびは{{associate}}へ毎月{{amount}}のご寄付をお申し込みいただき、誠にありがとうございます。\n初回のお支払いが完了しました。翌月からは毎月自動でお支払いいただきます。\n継続的な支援はマイページからいつでも変更・停止できます。\n\nKifu',
    },
    en: {
      subject: 'Thank you for your monthly donation',
      text: 'Dear {{name}},\n\nThank you for giving {{amount}} every month to {{associate}}.\nYour first payment is complete; the next ones are charged automatically each month.\nYou can change or stop your recurring support on My page at any time.\n\nKifu',
    },
  },
  'donation-thanks-annual': {
    ja: {
      subject: '年会費のお支払いありがとうございます',
      text: '{{name}}様\n\nこのたびは{{associate}}の会員として年会費{{amount}}をお支払いいただき、誠にありがとうございます。\n次回からは毎年自動でお支払いいただきます。\n\nKifu',
    },
    en: {
      subject: 'Thank you for your annual membership',
      text: 'Dear {{name}},\n\nThank you for becoming a member of {{associate}} with an annual fee of {{amount}}.\nThe fee is charged automatically each year from now on.\n\nKifu',
    },
  },
  /** A bank-transfer gift's virtual account, sent when it is issued (values: name, amount, associate, bank, branch, accountType, accountNumber, holder, deadline). */
  'bank-transfer-instructions': {
    ja: {
      subject: 'お振込先のご案内',
      text: '{{name}}様\n\n{{associate}}への{{amount}}のご寄付のお申し込みを受け付けました。\n下記の口座へ{{deadline}}までにお振り込みください。お振り込みの確認後、ご寄付が完了します。\n\n銀行名: {{bank}}\n支店名: {{branch}}\n口座種別: {{accountType}}\n口座番号: {{accountNumber}}\n口座名義: {{holder}}\n金額: {{amount}}\n振込期限: {{deadline}}\n\n期限を過ぎたお振り込みは、手数料を差し引いて返金となる場合があります。\n\nKifu',
    },
    en: {
      subject: 'Where to transfer your donation',
      text: 'Dear {{name}},\n\nWe have received your donation of {{amount}} to {{associate}}.\nPlease transfer it to the account below by {{deadline}}. Your donation is complete once the transfer arrives.\n\nBank: {{bank}}\nBranch: {{branch}}\nAccount type: {{accountType}}\nAccount number: {{accountNumber}}\nAccount holder: {{holder}}\nAmount: {{amount}}\nDeadline: {{deadline}}\n\nA transfer after the deadline may be refunded minus the fee.\n\nKifu',
    },
  },
  /** Two days before the deadline while the money has not all arrived (values as bank-transfer-instructions). */
  'bank-transfer-reminder': {
    ja: {
      subject: 'お振込期限が近づいています',
      text: '{{name}}様\n\n{{associate}}への{{amount}}のご寄付のお振込期限（{{deadline}}）が近づいています。\nまだお振り込みでない場合は、期限までに下記の口座へお振り込みください。すでにお振り込み済みの場合は、行き違いですのでご容赦ください。\n\n銀行名: {{bank}}\n支店名: {{branch}}\n口座種別: {{accountType}}\n口座番号: {{accountNumber}}\n口座名義: {{holder}}\n金額: {{amount}}\n振込期限: {{deadline}}\n\nKifu',
    },
    en: {
      subject: 'Your transfer deadline is near',
      text: 'Dear {{name}},\n\nThe deadline for your donation of {{amount}} to {{associate}} ({{deadline}}) is near.\nIf you have not transferred it yet, please do so to the account below by the deadline. If you already have, please ignore this mail.\n\nBank: {{bank}}\nBranch: {{branch}}\nAccount type: {{accountType}}\nAccount number: {{accountNumber}}\nAccount holder: {{holder}}\nAmount: {{amount}}\nDeadline: {{deadline}}\n\nKifu',
    },
  },
  /** The deadline passed before the money arrived (values: name, associate, amount, deadline, link to give by card, refund). */
  'bank-transfer-expired': {
    ja: {
      subject: 'お振込期限が過ぎました',
      text: '{{name}}様\n\n{{associate}}への{{amount}}のご寄付は、お振込期限（{{deadline}}）までに着金が確認できなかったため、お申し込みを取り消しました。\n期限を過ぎてお振り込みいただいた場合は、手数料を差し引いてご返金します。\n\nあらためてご支援いただける場合は、クレジットカードでもご寄付いただけます。\n{{link}}\n\nKifu',
    },
    en: {
      subject: 'Your transfer deadline has passed',
      text: 'Dear {{name}},\n\nYour donation of {{amount}} to {{associate}} was cancelled: no transfer arrived by the deadline ({{deadline}}).\nA transfer made after the deadline is refunded minus the fee.\n\nIf you would still like to give, you can do so by card.\n{{link}}\n\nKifu',
    },
  },
  /** A bank transfer's money, or part of it, was sent back (values: name, associate, amount given, refunded, why). */
  'bank-transfer-refunded': {
    ja: {
      subject: 'お振込みの返金のお知らせ',
      text: '{{name}}様\n\n{{associate}}への{{amount}}のご寄付のお振込みについて、{{why}}\n{{refunded}}を、お振り込みいただいた口座へ返金しました。\n\nKifu',
    },
    en: {
      subject: 'Your transfer has been refunded',
      text: 'Dear {{name}},\n\nAbout the transfer for your donation of {{amount}} to {{associate}}: {{why}}\nWe have sent {{refunded}} back to the account the transfer came from.\n\nKifu',
    },
  },
  /** An associate corrected the name or address on a receipt (ADR 066; values: name, associate, old, number, date, link). */
  'receipt-reissued': {
    ja: {
      subject: '寄附金受領証明書を再発行しました',
      text: '{{name}}様\n\n{{associate}}が、寄附金受領証明書（{{old}}）のお名前・ご住所を訂正し、新しい番号（{{number}}、{{date}}発行）で再発行しました。以前の証明書は無効です。確定申告には新しい証明書をお使いください。\n{{link}}\n\nKifu',
    },
    en: {
      subject: 'Your tax receipt has been reissued',
      text: 'Dear {{name}},\n\n{{associate}} corrected the name or address on your tax receipt {{old}} and reissued it as number {{number}} ({{date}}). The earlier receipt is no longer valid; please use the new one for your tax return.\n{{link}}\n\nKifu',
    },
  },
  /** An associate refunded a gift from its console (ADR 064; values: name, associate, date, amount, refunded, how, receipt). */
  'gift-refunded': {
    ja: {
      subject: 'ご寄付の返金のお知らせ',
      text: '{{name}}様\n\n{{associate}}への{{date}}の{{amount}}のご寄付について、{{associate}}の依頼により{{refunded}}を返金しました。\n{{how}}{{receipt}}\n\nご不明な点は{{associate}}にお問い合わせください。\n\nKifu',
    },
    en: {
      subject: 'Your donation has been refunded',
      text: 'Dear {{name}},\n\nAt the request of {{associate}}, we have refunded {{refunded}} of your donation of {{amount}} made on {{date}}.\n{{how}}{{receipt}}\n\nIf you have any questions, please contact {{associate}}.\n\nKifu',
    },
  },
  /** A payout the payee's bank sent back (ADR 075; values: associate, month, amount, reason, link to the statements). */
  'payout-failed': {
    ja: {
      subject: '{{month}}分のお振込ができませんでした',
      text: '{{associate}}のご担当者様\n\n{{month}}分の精算金{{amount}}をお振り込みしましたが、{{reason}}\nこの金額は次回の明細に繰り越され、次回の振込日にお支払いします。振込先口座の登録内容をご確認ください。\n\n{{link}}\n\nKifu',
    },
    en: {
      subject: 'We could not pay {{month}} into your account',
      text: 'To {{associate}}\n\nWe sent {{amount}} for {{month}}, but it came back: {{reason}}\nThe amount is carried to your next statement and paid on the next payout date. Please check the payout account on record.\n\n{{link}}\n\nKifu',
    },
  },
  /** An owner changed where Kifu pays the associate (ADR 075; values: associate, account (masked), by, at, link to the settings). */
  'payout-account-changed': {
    ja: {
      subject: '{{associate}}の振込先口座が変更されました',
      text: '{{associate}}のオーナーの皆様\n\n{{at}}に、{{by}}さんが振込先口座を次のとおり変更しました。\n{{account}}\n\n次回以降のお支払いはこの口座へお振り込みします。心当たりがない場合は、すぐにKifuまでご連絡ください。\n\n{{link}}\n\nKifu',
    },
    en: {
      subject: 'The payout account of {{associate}} was changed',
      text: 'To the owners of {{associate}}\n\nOn {{at}}, {{by}} changed the payout account to:\n{{account}}\n\nFrom now on, payouts go to this account. If you did not expect this change, please contact Kifu at once.\n\n{{link}}\n\nKifu',
    },
  },
  /** A supporter asks the associate to approve their campaign (ADR 069; values: campaign, associate, fundraiser, link to the console's list). */
  'campaign-approval-requested': {
    ja: {
      subject: '「{{campaign}}」の公開の承認が依頼されました',
      text: '{{fundraiser}}さんが、{{associate}}を応援するキャンペーン「{{campaign}}」を作成し、公開の承認を依頼しています。\n内容を確認し、承認するか、理由を添えて見送ってください。承認するとすぐに公開されます。\n\n{{link}}\n\nKifu',
    },
    en: {
      subject: 'Approval asked for “{{campaign}}”',
      text: '{{fundraiser}} has started the campaign “{{campaign}}” for {{associate}} and asks you to approve it before it goes public.\nPlease read it, then approve it or decline it with a reason. Once approved, it is public at once.\n\n{{link}}\n\nKifu',
    },
  },
  /** The associate approved a supporter's campaign, now public (ADR 069; values: campaign, associate, link to its public page). */
  'campaign-approved': {
    ja: {
      subject: '「{{campaign}}」が承認され、公開されました',
      text: '{{associate}}が、あなたのキャンペーン「{{campaign}}」を承認しました。キャンペーンは公開されています。\nぜひ、ご家族やご友人に紹介してください。\n\n{{link}}\n\nKifu',
    },
    en: {
      subject: '“{{campaign}}” was approved and is now public',
      text: '{{associate}} approved your campaign “{{campaign}}”. It is now public.\nShare it with your family and friends.\n\n{{link}}\n\nKifu',
    },
  },
  /** The associate declined a supporter's campaign (ADR 069; values: campaign, associate, reason, link to its dashboard). */
  'campaign-declined': {
    ja: {
      subject: '「{{campaign}}」の公開は見送られました',
      text: '{{associate}}は、あなたのキャンペーン「{{campaign}}」の公開を見送りました。\n\n{{associate}}からのコメント:\n{{reason}}\n\nキャンペーンは非公開のままです。内容を見直して、もう一度承認を依頼できます。\n{{link}}\n\nKifu',
    },
    en: {
      subject: '“{{campaign}}” was not approved',
      text: '{{associate}} declined to publish your campaign “{{campaign}}”.\n\nThe comment from {{associate}}:\n{{reason}}\n\nThe campaign stays private. You can change it and ask for approval again.\n{{link}}\n\nKifu',
    },
  },
  /** Kifu's staff approved a campaign's rewards (values: campaign, link to the dashboard's review page). */
  'reward-review-approved': {
    ja: {
      subject: '「{{campaign}}」のリターンが審査で承認されました',
      text: 'キャンペーン「{{campaign}}」のリターンの審査が完了し、承認されました。\nほかの公開の条件がそろっていれば、キャンペーンを公開できます。\n\n{{link}}\n\nリターンを変更した場合は、公開前にもう一度審査を依頼してください。\n\nKifu',
    },
    en: {
      subject: 'The rewards of “{{campaign}}” were approved',
      text: 'The review of the rewards of your campaign “{{campaign}}” is done: they were approved.\nOnce the other release checks are met, you can release the campaign.\n\n{{link}}\n\nIf you change a reward, ask for a review again before the release.\n\nKifu',
    },
  },
  /** Kifu's staff sent a campaign's rewards back (values: campaign, comment, link to the dashboard's review page). */
  'reward-review-rejected': {
    ja: {
      subject: '「{{campaign}}」のリターンの審査結果のお知らせ',
      text: 'キャンペーン「{{campaign}}」のリターンは、審査で差し戻されました。\n\n審査担当からのコメント:\n{{comment}}\n\nリターンを修正して、もう一度審査を依頼してください。\n{{link}}\n\nKifu',
    },
    en: {
      subject: 'The review of the rewards of “{{campaign}}”',
      text: 'The rewards of your campaign “{{campaign}}” were sent back by the review.\n\nThe reviewer’s comment:\n{{comment}}\n\nPlease change the rewards and ask for a review again.\n{{link}}\n\nKifu',
    },
  },
  /** A campaign the recipient gave to published a report (values: campaign, report, link). */
  'campaign-report-published': {
    ja: {
      subject: '「{{campaign}}」から活動報告が届きました',
      text: 'ご支援いただいたキャンペーン「{{campaign}}」で、活動報告「{{report}}」が公開されました。\nあなたのご寄付がどのように活かされているか、ぜひご覧ください。\n\n{{link}}\n\nこのようなお知らせが不要な場合は、マイページのアカウント設定から配信を停止できます。\n\nKifu',
    },
    en: {
      subject: 'A report from “{{campaign}}”',
      text: 'The campaign “{{campaign}}” you supported has published a report: “{{report}}”.\nSee how your gift is being put to work.\n\n{{link}}\n\nIf you would rather not receive these, you can turn them off in your account settings on My page.\n\nKifu',
    },
  },
  /** An associate published an activity report (ADR 068; values: associate, report, link). */
  'associate-report-published': {
    ja: {
      subject: '{{associate}}から活動報告が届きました',
      text: 'ご支援いただいた{{associate}}が、活動報告「{{report}}」を公開しました。\nあなたのご寄付がどのように活かされているか、ぜひご覧ください。\n\n{{link}}\n\nこのようなお知らせが不要な場合は、マイページのアカウント設定から配信を停止できます。\n\nKifu',
    },
    en: {
      subject: 'A report from {{associate}}',
      text: '{{associate}}, which you supported, has published a report: “{{report}}”.\nSee how your gift is being put to work.\n\n{{link}}\n\nIf you would rather not receive these, you can turn them off in your account settings on My page.\n\nKifu',
    },
  },
  /** After sign-up (values: email). */
  welcome: {
    ja: {
      subject: 'Kifuへようこそ',
      text: 'Kifuにご登録いただきありがとうございます。\n\nご登録のメールアドレス: {{email}}\nマイページでは、支援履歴の確認や継続的な支援の管理ができます。\n\nお心当たりのない場合は、このメールを破棄してください。\n\nKifu',
    },
    en: {
      subject: 'Welcome to Kifu',
      text: 'Thank you for signing up to Kifu.\n\nYour e-mail address: {{email}}\nOn My page you can see your support history and manage your recurring support.\n\nIf you did not sign up, please ignore this mail.\n\nKifu',
    },
  },
  /** An invitation to an associate's console (values: associate, role, inviter, link, days; ADR 060). */
  'associate-invitation': {
    ja: {
      subject: '{{associate}}の管理画面への招待',
      text: '{{inviter}}さんから、Kifuの{{associate}}の管理画面に「{{role}}」として招待されました。\n\n下記のリンクを開き、このメールアドレスのアカウントでログイン（または新規登録）して招待を受けてください。リンクは{{days}}日間、一度だけ使えます。\n\n{{link}}\n\nお心当たりのない場合は、このメールを破棄してください。\n\nKifu',
    },
    en: {
      subject: 'Your invitation to the {{associate}} console',
      text: '{{inviter}} has invited you to the Kifu console of {{associate}} as "{{role}}".\n\nOpen the link below and sign in (or sign up) with the account of this e-mail address to accept. The link works once, for {{days}} days.\n\n{{link}}\n\nIf you were not expecting this, please ignore this mail.\n\nKifu',
    },
  },
  /** A password recovery code (values: link, expiresInMinutes). */
  'password-recovery': {
    ja: {
      subject: 'パスワード再設定のご案内',
      text: 'パスワード再設定のお申し込みを受け付けました。\n下記のリンクから{{expiresInMinutes}}分以内に新しいパスワードを設定してください。リンクは一度だけ使えます。\n\n{{link}}\n\nお心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。\n\nKifu',
    },
    en: {
      subject: 'Reset your password',
      text: 'We received a request to reset your password.\nSet a new password through the link below within {{expiresInMinutes}} minutes. The link works once.\n\n{{link}}\n\nIf you did not ask for this, please ignore this mail. Your password stays as it is.\n\nKifu',
    },
  },
  /** Confirms a new email address (values: link, expiresInMinutes, newEmail). */
  'email-change': {
    ja: {
      subject: 'メールアドレス変更の確認',
      text: 'メールアドレスを{{newEmail}}に変更するお申し込みを受け付けました。\n下記のリンクから{{expiresInMinutes}}分以内に確認してください。確認するまで変更されません。\n\n{{link}}\n\nお心当たりのない場合は、このメールを破棄してください。\n\nKifu',
    },
    en: {
      subject: 'Confirm your new e-mail address',
      text: 'We received a request to change your e-mail address to {{newEmail}}.\nConfirm it through the link below within {{expiresInMinutes}} minutes. Nothing changes until you do.\n\n{{link}}\n\nIf you did not ask for this, please ignore this mail.\n\nKifu',
    },
  },
  /** To the old address once an email change took effect, with the undo link (values: newEmail, link, expiresInHours; ADR 055). */
  'email-changed': {
    ja: {
      subject: 'メールアドレスが変更されました',
      text: 'Kifuアカウントのメールアドレスが{{newEmail}}に変更されました。今後のお知らせは新しいアドレスに届きます。\n\nお心当たりのない場合は、下記のリンクから元のメールアドレス（このアドレス）に戻してください。すべての端末からログアウトされます。リンクは{{expiresInHours}}時間以内に一度だけ使えます。\n\n{{link}}\n\n戻した後は、パスワードを再設定してください。\n\nKifu',
    },
    en: {
      subject: 'Your e-mail address was changed',
      text: 'The e-mail address of your Kifu account was changed to {{newEmail}}. Mail from us goes there from now on.\n\nIf you did not do this, put your address (this one) back through the link below. Every device will be logged out. The link works once, within {{expiresInHours}} hours.\n\n{{link}}\n\nThen please reset your password.\n\nKifu',
    },
  },
  /** A later charge of recurring support failed; the provider retries (values: name, associate, amount, reason, link). */
  'recurring-charge-failed': {
    ja: {
      subject: '継続的なご寄付のお支払いができませんでした',
      text: '{{name}}様\n\n{{associate}}への{{amount}}の継続的なご寄付のお支払いが、カード会社に承認されませんでした。\n理由: {{reason}}\n\n数日のうちに、もう一度お支払いを試みます。カードの有効期限切れや利用限度額が原因の場合は、下記からカードを変更してください。変更したカードで続けてお支払いいただけます。\n{{link}}\n\nKifu',
    },
    en: {
      subject: 'Your recurring donation could not be charged',
      text: 'Dear {{name}},\n\nYour recurring donation of {{amount}} to {{associate}} was not approved by the card company.\nReason: {{reason}}\n\nWe will try again within a few days. If the card has expired or reached its limit, please change the card here; the donation then goes on with the new card.\n{{link}}\n\nKifu',
    },
  },
  /** The saved card will have expired by the next charge (values: name, associate, amount, chargeOn, card, link). */
  'recurring-card-expiring': {
    ja: {
      subject: 'ご登録のカードの有効期限が近づいています',
      text: '{{name}}様\n\n{{associate}}への{{amount}}の継続的なご寄付にお使いのカード（{{card}}）は、次回のお支払い日（{{chargeOn}}）までに有効期限が切れます。\nご寄付を続けていただける場合は、下記から新しいカードに変更してください。\n{{link}}\n\nKifu',
    },
    en: {
      subject: 'Your card expires before the next donation',
      text: 'Dear {{name}},\n\nThe card ({{card}}) of your recurring donation of {{amount}} to {{associate}} expires before the next charge on {{chargeOn}}.\nTo keep giving, please change to a new card here.\n{{link}}\n\nKifu',
    },
  },
  /** The provider's retries failed too and the recurring support is suspended (values: name, associate, amount, link). */
  'recurring-suspended': {
    ja: {
      subject: '継続的なご寄付を一時停止しました',
      text: '{{name}}様\n\n{{associate}}への{{amount}}の継続的なご寄付は、再度のお支払いも承認されなかったため一時停止しました。\n下記からカードを変更すると、ご寄付を再開できます。\n{{link}}\n\nKifu',
    },
    en: {
      subject: 'Your recurring donation is suspended',
      text: 'Dear {{name}},\n\nYour recurring donation of {{amount}} to {{associate}} is suspended: the card was not approved again when we retried.\nChange the card here to resume the donation.\n{{link}}\n\nKifu',
    },
  },
  /** A guest's link to manage their recurring support without a password (values: link, expiresInMinutes). */
  'recurring-access-link': {
    ja: {
      subject: '継続的なご寄付の変更・停止のご案内',
      text: '継続的なご寄付の変更・停止のお申し込みを受け付けました。\n下記のリンクから{{expiresInMinutes}}分以内にお手続きください。リンクは一度だけ使えます。\n金額の変更、一時休止、停止、カードの変更ができます。\n\n{{link}}\n\nお心当たりのない場合は、このメールを破棄してください。ご寄付はそのまま続きます。\n\nKifu',
    },
    en: {
      subject: 'Manage your recurring donation',
      text: 'We received a request to manage your recurring donation.\nOpen the link below within {{expiresInMinutes}} minutes; it works once.\nYou can change the amount, pause, stop, or change the card.\n\n{{link}}\n\nIf you did not ask for this, please ignore this mail. Your donation goes on as it is.\n\nKifu',
    },
  },
  /** To the organisation's staff: a supporter's recurring support was suspended (values: associate, supporter, amount). */
  'recurring-suspended-associate': {
    ja: {
      subject: '継続寄付がカード決済エラーで一時停止されました',
      text: '{{associate}} ご担当者様\n\n{{supporter}}様からの{{amount}}の継続的なご寄付が、カード決済の失敗が続いたため一時停止されました。\n支援者にはカードの変更による再開をご案内しています。\n\nKifu',
    },
    en: {
      subject: "A supporter's recurring donation is suspended after failed charges",
      text: 'To the team of {{associate}},\n\nThe recurring donation of {{amount}} from {{supporter}} is suspended after its card charges failed.\nWe have asked the supporter to change the card to resume it.\n\nKifu',
    },
  },
  /** To the console member who asked for a CSV export: it is ready (values: associate, number of rows, link, date it is kept until). ADR 065. */
  'console-export-ready': {
    ja: {
      subject: 'CSVエクスポートの準備ができました',
      text: '{{associate}}のCSVエクスポート（{{number}}件）の準備ができました。\n下記の管理画面からダウンロードできます（{{date}}まで）。ダウンロードにはログインが必要です。\n{{link}}\n\nKifu',
    },
    en: {
      subject: 'Your CSV export is ready',
      text: 'The CSV export of {{associate}} ({{number}} rows) is ready.\nDownload it from the console below until {{date}}; you need to be logged in.\n{{link}}\n\nKifu',
    },
  },
  /** An organisation's application to join Kifu arrived (ADR 078; values: associate = the organisation's name, link to /associate/apply). */
  'application-received': {
    ja: {
      subject: 'Kifuへの参加申請を受け付けました',
      text: '{{associate}}のご担当者様\n\nKifuへの参加申請を受け付けました。Kifuの担当者が内容と書類を確認し、結果をメールでお知らせします。\n申請の状況は次のページでご確認いただけます。\n{{link}}\n\nKifu',
    },
    en: {
      subject: 'We received your application to join Kifu',
      text: 'To the team of {{associate}}\n\nWe received your application to join Kifu. Our staff will review it and its documents and tell you the result by e-mail.\nYou can follow your application here:\n{{link}}\n\nKifu',
    },
  },
  /** Staff approved the application: the associate is live and its console is the applicant's (values: associate, link to the console). */
  'application-approved': {
    ja: {
      subject: '{{associate}}のKifuへの参加が承認されました',
      text: '{{associate}}のご担当者様\n\nKifuへの参加申請が承認されました。団体ページが公開され、あなたがオーナーとして管理画面を使えるようになりました。\nロゴやメインビジュアル、団体の紹介は管理画面のページ編集から設定できます。\n{{link}}\n\nKifu',
    },
    en: {
      subject: 'Welcome to Kifu: {{associate}} was approved',
      text: "To the team of {{associate}}\n\nYour application to join Kifu was approved. Your public page is live and you are its owner in the console.\nSet your logo, main visual and introduction in the console's page editor.\n{{link}}\n\nKifu",
    },
  },
  /** Staff declined the application (values: associate, reason, link to /associate/apply). */
  'application-declined': {
    ja: {
      subject: 'Kifuへの参加申請について',
      text: '{{associate}}のご担当者様\n\n申し訳ございませんが、今回のKifuへの参加申請はお受けできませんでした。\n理由：\n{{reason}}\n\nご不明な点はKifuまでお問い合わせください。\n{{link}}\n\nKifu',
    },
    en: {
      subject: 'About your application to join Kifu',
      text: 'To the team of {{associate}}\n\nWe are sorry: we could not accept your application to join Kifu.\nWhy:\n{{reason}}\n\nIf anything is unclear, please contact Kifu.\n{{link}}\n\nKifu',
    },
  },
  /** Staff ask the applicant to change their application (values: associate, reason, link to /associate/apply where they send it again). */
  'application-changes-requested': {
    ja: {
      subject: 'Kifuへの参加申請の修正をお願いします',
      text: '{{associate}}のご担当者様\n\nKifuへの参加申請を確認しました。次の点を修正のうえ、もう一度お送りください。\n{{reason}}\n\n申請は次のページから修正できます。\n{{link}}\n\nKifu',
    },
    en: {
      subject: 'Please update your application to join Kifu',
      text: 'To the team of {{associate}}\n\nWe reviewed your application to join Kifu. Please change the following and send it again:\n{{reason}}\n\nUpdate your application here:\n{{link}}\n\nKifu',
    },
  },
} as const satisfies Record<string, Record<Locale, { subject: string; text: string }>>;

export type MailTemplate = keyof typeof MAIL_TEMPLATES;

/**
 * Added to a thank-you mail when the gift has a receipt (ADR 033): a signed-in supporter finds it
 * in the support history (values: link); a guest gets a signed link per organisation (values: links).
 */
export const RECEIPT_NOTES = {
  member: {
    ja: '\n\n寄附金受領証明書（領収書）は、マイページの支援履歴からダウンロードできます。\n{{link}}',
    en: '\n\nYou can download your receipt from the support history on My page.\n{{link}}',
  },
  guest: {
    ja: '\n\n寄附金受領証明書（領収書）は、下記のリンクからダウンロードできます。リンクはご本人だけがお使いください。\n{{links}}',
    en: '\n\nYou can download your receipt through the link below. Please keep the link to yourself.\n{{links}}',
  },
} as const satisfies Record<string, Record<Locale, string>>;

/** Fills {{name}} placeholders; one with no value stays as written, so a gap is visible, not silent. */
export function fillPlaceholders(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}

export function renderMail(template: MailTemplate, locale: Locale, values: Record<string, string>): { subject: string; text: string } {
  const { subject, text } = MAIL_TEMPLATES[template][locale];
  return { subject: fillPlaceholders(subject, values), text: fillPlaceholders(text, values) };
}
