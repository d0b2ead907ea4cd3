// The supporters behind the console's demo gifts (ADR 062): guests who gave without an account,
// with the names, phonetic names and postal addresses the donation form asks for, and a few
// corporations. Every postal code is a real one (the sandbox's postal lookup finds it). A guest
// without an address gave by wallet pay only, where the form asks for none, and never asked for a
// receipt. Their e-mail addresses are under `supporters.kifu.example`, apart from the demo accounts.
import { Gender } from '@kifu/domain';

export interface SupporterAddress {
  zipCode: string;
  area: string;
  city: string;
  address1: string;
  address2?: string;
}

export interface GuestSupporter {
  name: readonly [last: string, first: string];
  kana: readonly [last: string, first: string];
  /** The part of the e-mail address before the @. */
  mailbox: string;
  gender: Gender;
  birthday?: string;
  address?: SupporterAddress;
  /** Gives in English (the thank-you mail and receipt in English alongside). */
  inEnglish?: boolean;
}

export interface CorporateSupporter {
  /** The corporation's name and its representative's, as the form's corporate variants take them. */
  name: readonly [corporation: string, representative: string];
  kana: readonly [corporation: string, representative: string];
  mailbox: string;
  address: SupporterAddress;
}

export const SUPPORTER_MAIL_DOMAIN = 'supporters.kifu.example';

const { MALE, FEMALE, UNSPECIFIED } = Gender;

/** Forty-one guests; the first ten give most often (the console's repeat givers, matched by e-mail). */
export const GUEST_SUPPORTERS: readonly GuestSupporter[] = [
  { name: ['佐々木', '美穂'], kana: ['ササキ', 'ミホ'], mailbox: 'miho.sasaki', gender: FEMALE, birthday: '1981-05-14', address: { zipCode: '1500001', area: '東京都', city: '渋谷区', address1: '神宮前3-12-8' } },
  { name: ['井上', '拓也'], kana: ['イノウエ', 'タクヤ'], mailbox: 'takuya.inoue', gender: MALE, birthday: '1976-09-02', address: { zipCode: '2310023', area: '神奈川県', city: '横浜市中区', address1: '山下町25-1', address2: 'ハーバービュー802' } },
  { name: ['木村', '彩'], kana: ['キムラ', 'アヤ'], mailbox: 'aya.kimura', gender: FEMALE, address: { zipCode: '3300063', area: '埼玉県', city: 'さいたま市浦和区', address1: '高砂2-6-3' } },
  { name: ['松本', '健一'], kana: ['マツモト', 'ケンイチ'], mailbox: 'kenichi.matsumoto', gender: MALE, birthday: '1962-12-20', address: { zipCode: '4600008', area: '愛知県', city: '名古屋市中区', address1: '栄3-4-5' } },
  { name: ['山口', '恵子'], kana: ['ヤマグチ', 'ケイコ'], mailbox: 'keiko.yamaguchi', gender: FEMALE, birthday: '1958-03-08', address: { zipCode: '6008216', area: '京都府', city: '京都市下京区', address1: '東塩小路町721-1' } },
  { name: ['斎藤', '大輔'], kana: ['サイトウ', 'ダイスケ'], mailbox: 'daisuke.saito', gender: MALE, address: { zipCode: '1600022', area: '東京都', city: '新宿区', address1: '新宿5-17-9', address2: 'グランハイツ305' } },
  { name: ['加藤', '由佳'], kana: ['カトウ', 'ユカ'], mailbox: 'yuka.kato', gender: FEMALE, birthday: '1990-07-27', address: { zipCode: '8120011', area: '福岡県', city: '福岡市博多区', address1: '博多駅前2-1-1' } },
  { name: ['吉田', '翔太'], kana: ['ヨシダ', 'ショウタ'], mailbox: 'shota.yoshida', gender: MALE, address: { zipCode: '0600001', area: '北海道', city: '札幌市中央区', address1: '北一条西4-2-2' } },
  { name: ['山崎', '千尋'], kana: ['ヤマザキ', 'チヒロ'], mailbox: 'chihiro.yamazaki', gender: UNSPECIFIED, address: { zipCode: '1130033', area: '東京都', city: '文京区', address1: '本郷2-27-16' } },
  { name: ['森', '浩二'], kana: ['モリ', 'コウジ'], mailbox: 'koji.mori', gender: MALE, birthday: '1969-01-11', address: { zipCode: '7300011', area: '広島県', city: '広島市中区', address1: '基町6-78' } },
  { name: ['池田', '真由美'], kana: ['イケダ', 'マユミ'], mailbox: 'mayumi.ikeda', gender: FEMALE, address: { zipCode: '1800004', area: '東京都', city: '武蔵野市', address1: '吉祥寺本町1-15-2' } },
  { name: ['橋本', '直樹'], kana: ['ハシモト', 'ナオキ'], mailbox: 'naoki.hashimoto', gender: MALE },
  { name: ['阿部', 'さくら'], kana: ['アベ', 'サクラ'], mailbox: 'sakura.abe', gender: FEMALE, birthday: '1999-04-03', address: { zipCode: '2200012', area: '神奈川県', city: '横浜市西区', address1: 'みなとみらい3-3-1' } },
  { name: ['石川', '誠'], kana: ['イシカワ', 'マコト'], mailbox: 'makoto.ishikawa', gender: MALE, address: { zipCode: '9200853', area: '石川県', city: '金沢市', address1: '本町1-5-3' } },
  { name: ['前田', '奈々'], kana: ['マエダ', 'ナナ'], mailbox: 'nana.maeda', gender: FEMALE },
  { name: ['藤田', '隆'], kana: ['フジタ', 'タカシ'], mailbox: 'takashi.fujita', gender: MALE, birthday: '1955-10-30', address: { zipCode: '3800836', area: '長野県', city: '長野市', address1: '南県町1040' } },
  { name: ['小林', '愛'], kana: ['コバヤシ', 'アイ'], mailbox: 'ai.kobayashi', gender: FEMALE, address: { zipCode: '1710022', area: '東京都', city: '豊島区', address1: '南池袋2-9-9' } },
  { name: ['後藤', '修'], kana: ['ゴトウ', 'オサム'], mailbox: 'osamu.goto', gender: MALE, address: { zipCode: '6500021', area: '兵庫県', city: '神戸市中央区', address1: '三宮町1-8-1' } },
  { name: ['岡田', '優子'], kana: ['オカダ', 'ユウコ'], mailbox: 'yuko.okada', gender: FEMALE, birthday: '1973-06-19', address: { zipCode: '5420076', area: '大阪府', city: '大阪市中央区', address1: '難波5-1-60' } },
  { name: ['長谷川', '亮'], kana: ['ハセガワ', 'リョウ'], mailbox: 'ryo.hasegawa', gender: MALE, address: { zipCode: '1030027', area: '東京都', city: '中央区', address1: '日本橋2-4-1' } },
  { name: ['村上', '香織'], kana: ['ムラカミ', 'カオリ'], mailbox: 'kaori.murakami', gender: FEMALE },
  { name: ['近藤', '哲也'], kana: ['コンドウ', 'テツヤ'], mailbox: 'tetsuya.kondo', gender: MALE, address: { zipCode: '4200852', area: '静岡県', city: '静岡市葵区', address1: '紺屋町11-1' } },
  { name: ['坂本', '明美'], kana: ['サカモト', 'アケミ'], mailbox: 'akemi.sakamoto', gender: FEMALE, birthday: '1966-08-08', address: { zipCode: '8600806', area: '熊本県', city: '熊本市中央区', address1: '花畑町4-1' } },
  { name: ['遠藤', '勇気'], kana: ['エンドウ', 'ユウキ'], mailbox: 'yuki.endo', gender: MALE, address: { zipCode: '1920083', area: '東京都', city: '八王子市', address1: '旭町9-1' } },
  { name: ['青木', '洋子'], kana: ['アオキ', 'ヨウコ'], mailbox: 'yoko.aoki', gender: FEMALE, address: { zipCode: '2510025', area: '神奈川県', city: '藤沢市', address1: '鵠沼石上1-1-1' } },
  { name: ['西村', '智史'], kana: ['ニシムラ', 'サトシ'], mailbox: 'satoshi.nishimura', gender: MALE },
  { name: ['福田', '舞'], kana: ['フクダ', 'マイ'], mailbox: 'mai.fukuda', gender: FEMALE, address: { zipCode: '9000006', area: '沖縄県', city: '那覇市', address1: 'おもろまち4-8-12' } },
  { name: ['太田', '雅人'], kana: ['オオタ', 'マサト'], mailbox: 'masato.ota', gender: MALE, birthday: '1985-11-25', address: { zipCode: '1510051', area: '東京都', city: '渋谷区', address1: '千駄ヶ谷5-24-2' } },
  { name: ['三浦', '亜希子'], kana: ['ミウラ', 'アキコ'], mailbox: 'akiko.miura', gender: FEMALE, address: { zipCode: '1690075', area: '東京都', city: '新宿区', address1: '高田馬場1-26-5' } },
  { name: ['藤井', '悠斗'], kana: ['フジイ', 'ユウト'], mailbox: 'yuto.fujii', gender: MALE },
  { name: ['岡本', '早紀'], kana: ['オカモト', 'サキ'], mailbox: 'saki.okamoto', gender: FEMALE, address: { zipCode: '2120014', area: '神奈川県', city: '川崎市幸区', address1: '大宮町1310' } },
  { name: ['松田', '剛'], kana: ['マツダ', 'ツヨシ'], mailbox: 'tsuyoshi.matsuda', gender: MALE, address: { zipCode: '2730005', area: '千葉県', city: '船橋市', address1: '本町7-1-1' } },
  { name: ['中川', '紀子'], kana: ['ナカガワ', 'ノリコ'], mailbox: 'noriko.nakagawa', gender: FEMALE, birthday: '1960-02-14', address: { zipCode: '5640063', area: '大阪府', city: '吹田市', address1: '江坂町1-23-5' } },
  { name: ['中野', '康平'], kana: ['ナカノ', 'コウヘイ'], mailbox: 'kohei.nakano', gender: MALE },
  { name: ['原田', '理恵'], kana: ['ハラダ', 'リエ'], mailbox: 'rie.harada', gender: FEMALE, address: { zipCode: '7000821', area: '岡山県', city: '岡山市北区', address1: '中山下1-8-45' } },
  { name: ['小野', '慎吾'], kana: ['オノ', 'シンゴ'], mailbox: 'shingo.ono', gender: MALE, address: { zipCode: '9800014', area: '宮城県', city: '仙台市青葉区', address1: '本町3-8-1' } },
  { name: ['田村', 'ひかり'], kana: ['タムラ', 'ヒカリ'], mailbox: 'hikari.tamura', gender: FEMALE },
  { name: ['竹内', '陽介'], kana: ['タケウチ', 'ヨウスケ'], mailbox: 'yosuke.takeuchi', gender: MALE, address: { zipCode: '7900001', area: '愛媛県', city: '松山市', address1: '一番町4-4-2' } },
  { name: ['金子', 'みどり'], kana: ['カネコ', 'ミドリ'], mailbox: 'midori.kaneko', gender: FEMALE, birthday: '1978-12-01', address: { zipCode: '1770041', area: '東京都', city: '練馬区', address1: '石神井町3-25-21' } },
  { name: ['和田', '俊介'], kana: ['ワダ', 'シュンスケ'], mailbox: 'shunsuke.wada', gender: MALE, address: { zipCode: '3100021', area: '茨城県', city: '水戸市', address1: '南町2-6-10' } },
  { name: ['Smith', 'Emily'], kana: ['スミス', 'エミリー'], mailbox: 'emily.smith', gender: FEMALE, inEnglish: true, address: { zipCode: '1350091', area: '東京都', city: '港区', address1: '台場1-7-1', address2: 'Bayside Tower 1204' } },
];

/** Companies and a medical corporation that give as corporations: always with their registered address. */
export const CORPORATE_SUPPORTERS: readonly CorporateSupporter[] = [
  { name: ['株式会社みどり商事', '緑川 正'], kana: ['ミドリショウジ', 'ミドリカワ タダシ'], mailbox: 'csr.midori-shoji', address: { zipCode: '1000005', area: '東京都', city: '千代田区', address1: '丸の内2-7-3', address2: '東京ビル12階' } },
  { name: ['有限会社さくらベーカリー', '桜井 陽子'], kana: ['サクラベーカリー', 'サクライ ヨウコ'], mailbox: 'sakura-bakery', address: { zipCode: '1830055', area: '東京都', city: '府中市', address1: '府中町1-9-1' } },
  { name: ['株式会社青空テクノロジーズ', '青山 誠司'], kana: ['アオゾラテクノロジーズ', 'アオヤマ セイジ'], mailbox: 'kifu.aozora-tech', address: { zipCode: '2600013', area: '千葉県', city: '千葉市中央区', address1: '中央2-5-1', address2: '千葉中央ツインビル5階' } },
  { name: ['医療法人社団ひまわり会', '日向 聡'], kana: ['ヒマワリカイ', 'ヒナタ サトシ'], mailbox: 'himawari-kai', address: { zipCode: '1120002', area: '東京都', city: '文京区', address1: '小石川1-4-1' } },
  { name: ['合同会社ことのは出版', '琴野 葉子'], kana: ['コトノハシュッパン', 'コトノ ヨウコ'], mailbox: 'info.kotonoha', address: { zipCode: '6048006', area: '京都府', city: '京都市中京区', address1: '下丸屋町390' } },
];
