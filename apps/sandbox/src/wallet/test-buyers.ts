// The sandbox's test buyers: who a tester can "sign in" as on the provider page, and what happens
// to their payments. Amazon Pay's own sandbox works the same way (test accounts whose payment
// methods decline on purpose). Addresses use real postal codes so the postal emulator agrees.
export interface AmazonAddress {
  name: string;
  addressLine1: string;
  addressLine2: string | null;
  addressLine3: string | null;
  city: string;
  county: null;
  district: null;
  stateOrRegion: string;
  postalCode: string;
  countryCode: 'JP';
  phoneNumber: string;
}

export interface TestBuyer {
  /** What the provider page posts back when this buyer is chosen. */
  key: string;
  buyerId: string;
  name: string;
  email: string;
  phoneNumber: string;
  address: AmazonAddress;
  paymentDescriptor: string;
  /** Charges above this many yen are declined; 0 declines everything. */
  authorizationLimitYen: number;
  /** What a tester reads on the provider page and the sandbox index. */
  behaviour: string;
}

function address(
  name: string,
  postalCode: string,
  stateOrRegion: string,
  city: string,
  line1: string,
  line2: string | null,
  phoneNumber: string,
): AmazonAddress {
  return {
    name,
    addressLine1: line1,
    addressLine2: line2,
    addressLine3: null,
    city,
    county: null,
    district: null,
    stateOrRegion,
    postalCode,
    countryCode: 'JP',
    phoneNumber,
  };
}

export const TEST_BUYERS: readonly TestBuyer[] = [
  {
    key: 'hanako',
    buyerId: 'amzn1.account.KIFUSANDBOXHANAKO0001',
    name: '山田 花子',
    email: 'hanako.yamada@example.jp',
    phoneNumber: '09012345678',
    address: address('山田 花子', '100-0001', '東京都', '千代田区', '千代田1-1', 'キフビル101', '09012345678'),
    paymentDescriptor: 'Visa ****1111 (Amazon Pay)',
    authorizationLimitYen: Number.POSITIVE_INFINITY,
    behaviour: 'Every payment succeeds.',
  },
  {
    key: 'taro',
    buyerId: 'amzn1.account.KIFUSANDBOXTARO00002',
    name: 'Taro Suzuki',
    email: 'taro.suzuki@example.com',
    phoneNumber: '08098765432',
    address: address('Taro Suzuki', '530-0001', '大阪府', '大阪市北区', '梅田1-1-3', null, '08098765432'),
    paymentDescriptor: 'JCB ****0000 (Amazon Pay)',
    authorizationLimitYen: Number.POSITIVE_INFINITY,
    behaviour: 'Every payment succeeds (a second account, with a name in Latin letters).',
  },
  {
    key: 'declined',
    buyerId: 'amzn1.account.KIFUSANDBOXDECLINED3',
    name: '佐藤 次郎',
    email: 'jiro.sato@example.jp',
    phoneNumber: '07011112222',
    address: address('佐藤 次郎', '450-0002', '愛知県', '名古屋市中村区', '名駅1-1-4', null, '07011112222'),
    paymentDescriptor: 'Mastercard ****4444 (Amazon Pay)',
    authorizationLimitYen: 0,
    behaviour: 'Every payment is declined: checkout ends Canceled with reasonCode Declined, recurring charges answer HardDeclined.',
  },
  {
    key: 'limited',
    buyerId: 'amzn1.account.KIFUSANDBOXLIMITED04',
    name: '高橋 美咲',
    email: 'misaki.takahashi@example.jp',
    phoneNumber: '09033334444',
    address: address('高橋 美咲', '060-0001', '北海道', '札幌市中央区', '北一条西2丁目', 'サンドボックス館3F', '09033334444'),
    paymentDescriptor: 'Visa ****0002 (Amazon Pay)',
    authorizationLimitYen: 50_000,
    behaviour: 'Payments up to ¥50,000 succeed; larger ones are declined like the declined buyer.',
  },
];

export function findTestBuyer(key: string | null | undefined): TestBuyer | undefined {
  return TEST_BUYERS.find((buyer) => buyer.key === key);
}

export type AuthorizationOutcome = { approved: true } | { approved: false; reasonDescription: string };

/** Whether the buyer's payment method pays this amount (the sandbox's only source of declines). */
export function authorizePayment(buyer: TestBuyer, yen: number): AuthorizationOutcome {
  if (yen <= buyer.authorizationLimitYen) return { approved: true };
  return {
    approved: false,
    reasonDescription:
      buyer.authorizationLimitYen === 0
        ? `The payment method of test buyer ${buyer.key} declines every payment.`
        : `The payment method of test buyer ${buyer.key} declines payments above ¥${buyer.authorizationLimitYen.toLocaleString('en-US')}.`,
  };
}
