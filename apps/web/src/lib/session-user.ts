// What the browser keeps of the signed-in user: the parts of spec §3 "User" the header's user menu
// and the account pages show. Read from /user/me/ by the auth routes (server) and the auth state
// (browser) alike.

export interface SessionUser {
  id: number;
  email: string;
  nickname: string;
  avatarUrl: string | null;
  /** Spec §6 "Associate member": one admin link per associate. */
  associates: { uid: string; name: string }[];
  /** Kifu's own staff (spec §3 isStaff): the menu leads them to the reward reviews. */
  staff: boolean;
}

/** The fields of GET /user/me/ read here. */
export interface ApiUser {
  id: number;
  email: string;
  profile: { nickname: string } | null;
  avatarImage: { file: string | null } | null;
  associateMembers: { associateUid: string; associate: { name: string } }[];
  isStaff?: boolean;
}

export function sessionUserOf(user: ApiUser): SessionUser {
  return {
    id: user.id,
    email: user.email,
    nickname: user.profile?.nickname ?? '',
    avatarUrl: user.avatarImage?.file ?? null,
    associates: user.associateMembers.map((member) => ({ uid: member.associateUid, name: member.associate.name })),
    staff: user.isStaff === true,
  };
}

/** The name the header shows: the nickname, else the part of the email before @. */
export function displayNameOf(user: Pick<SessionUser, 'nickname' | 'email'>): string {
  return user.nickname.trim() || user.email.split('@')[0] || user.email;
}
