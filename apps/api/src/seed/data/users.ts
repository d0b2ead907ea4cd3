// Demo accounts. Hanako belongs to two associates (spec §2: an 'Associates' menu with one admin
// link each); Kenta to one; Sho is platform staff (he reviews campaign rewards, ADR 036); Takumi is a
// viewer of associate 1's console, to try the role that reads and changes nothing (ADR 060, ADR 062).
// Each logs in with its email `<key>@kifu.example` and DEMO_PASSWORD.
import { Gender, type AssociateRole } from '@kifu/domain';

/** The password of every demo account (documented in the README); demo data only, never production. */
export const DEMO_PASSWORD = 'kifu-demo-2026';

export interface UserSeed {
  key: string;
  nickname: string;
  description: string;
  name: readonly [last: string, first: string];
  kana: readonly [last: string, first: string];
  gender: Gender;
  birthday: string;
  address: { zipCode: string; area: string; city: string; address1: string };
  phone: string;
  memberOf?: readonly { associateId: number; role: AssociateRole }[];
  /** Kifu's own staff (spec §3 isStaff): reviews campaign rewards. */
  isStaff?: boolean;
  /** Saved card as the provider's customer (spec §3 "Card"); never card data. */
  card?: { brand: string; lastDigits: string; name: string };
}

export const DEMO_USERS: readonly UserSeed[] = [
  {
    key: 'hanako',
    nickname: 'はなこ',
    description: '世田谷でこども食堂のボランティアをしています。',
    name: ['山田', '花子'],
    kana: ['ヤマダ', 'ハナコ'],
    gender: Gender.FEMALE,
    birthday: '1988-04-12',
    address: { zipCode: '1540001', area: '東京都', city: '世田谷区', address1: '池尻2-4-5' },
    phone: '09012345678',
    memberOf: [
      { associateId: 1, role: 'owner' },
      { associateId: 6, role: 'staff' },
    ],
    card: { brand: 'Visa', lastDigits: '4242', name: 'HANAKO YAMADA' },
  },
  {
    key: 'kenta',
    nickname: 'けんた',
    description: '森が好きな会社員です。',
    name: ['佐藤', '健太'],
    kana: ['サトウ', 'ケンタ'],
    gender: Gender.MALE,
    birthday: '1979-11-03',
    address: { zipCode: '3900811', area: '長野県', city: '松本市', address1: '中央1-2-3' },
    phone: '08023456789',
    memberOf: [{ associateId: 2, role: 'owner' }],
    card: { brand: 'Mastercard', lastDigits: '4444', name: 'KENTA SATO' },
  },
  {
    key: 'misaki',
    nickname: 'みさき',
    description: '誕生日は毎年、寄付で祝っています。',
    name: ['鈴木', '美咲'],
    kana: ['スズキ', 'ミサキ'],
    gender: Gender.FEMALE,
    birthday: '1995-06-21',
    address: { zipCode: '1500002', area: '東京都', city: '渋谷区', address1: '渋谷3-10-1' },
    phone: '07034567890',
  },
  {
    key: 'sho',
    isStaff: true,
    nickname: 'しょう',
    description: '',
    name: ['高橋', '翔'],
    kana: ['タカハシ', 'ショウ'],
    gender: Gender.MALE,
    birthday: '1990-01-30',
    address: { zipCode: '9800811', area: '宮城県', city: '仙台市青葉区', address1: '一番町4-1-1' },
    phone: '09045678901',
  },
  {
    key: 'yumi',
    nickname: 'ゆみ',
    description: '動物と暮らしています。',
    name: ['田中', '由美'],
    kana: ['タナカ', 'ユミ'],
    gender: Gender.UNSPECIFIED,
    birthday: '1972-09-09',
    address: { zipCode: '5300001', area: '大阪府', city: '大阪市北区', address1: '梅田1-1-3' },
    phone: '08056789012',
    card: { brand: 'Visa', lastDigits: '1881', name: 'YUMI TANAKA' },
  },
  {
    key: 'takumi',
    nickname: 'たくみ',
    description: 'こども食堂ネットワークみらいの理事として、寄付の状況を見ています。',
    name: ['伊藤', '拓海'],
    kana: ['イトウ', 'タクミ'],
    gender: Gender.MALE,
    birthday: '1984-02-17',
    address: { zipCode: '1130033', area: '東京都', city: '文京区', address1: '本郷4-1-7' },
    phone: '09067890123',
    memberOf: [{ associateId: 1, role: 'viewer' }],
  },
];

/**
 * The demo accounts with a year of their own gifts (seed-donations.ts), in the order their general
 * gifts are handed out; the viewer only reads a console, so adding him changes nobody's history.
 */
export const GIVING_USER_KEYS = ['hanako', 'kenta', 'misaki', 'sho', 'yumi'] as const;

/** Donors who gave without an account (spec §6: guests may donate). */
export const GUEST_DONORS = [
  { name: ['佐藤', '陽菜'], kana: ['サトウ', 'ヒナ'] },
  { name: ['鈴木', '蒼'], kana: ['スズキ', 'アオイ'] },
  { name: ['高橋', '結衣'], kana: ['タカハシ', 'ユイ'] },
  { name: ['田中', '湊'], kana: ['タナカ', 'ミナト'] },
  { name: ['伊藤', '凛'], kana: ['イトウ', 'リン'] },
  { name: ['渡辺', '蓮'], kana: ['ワタナベ', 'レン'] },
  { name: ['山本', '葵'], kana: ['ヤマモト', 'アオイ'] },
  { name: ['中島', '大和'], kana: ['ナカジマ', 'ヤマト'] },
  { name: ['小川', '芽依'], kana: ['オガワ', 'メイ'] },
  { name: ['林', '悠真'], kana: ['ハヤシ', 'ユウマ'] },
  { name: ['清水', '紬'], kana: ['シミズ', 'ツムギ'] },
  { name: ['森田', '陸'], kana: ['モリタ', 'リク'] },
] as const;
