// The users tab (spec 2 §2, §4): the admins (the Cognito `admin` group is the only source of admin power), Invite
// Admin and Remove Admin Access. An admin cannot remove their own access, so the last admin always remains.
import { randomBytes } from 'node:crypto';
import type { UserType } from '@aws-sdk/client-cognito-identity-provider';
import { messages } from '../../../shared/messages';
import type { AdminInvite, AdminUser } from '../../../shared/schemas/admin';
import { addUserToGroup, cognito } from '../adapters/cognito';
import { sendMail } from '../adapters/mail';
import { cognitoSdk } from '../adapters/sdk';
import { siteConfig, userPoolConfig } from '../config';
import { db } from '../data/entities';
import type { Caller } from '../identity/caller';
import { createProfileIfMissing, endSessions } from '../identity/repository';
import { AppError, notFound } from '../lib/errors';
import { adminInviteMail } from '../mail/admin-invite-mail';

const attribute = (user: UserType, name: string) => user.Attributes?.find((a) => a.Name === name)?.Value;

async function adminGroupMembers(): Promise<UserType[]> {
  const users: UserType[] = [];
  let NextToken: string | undefined;
  const [{ ListUsersInGroupCommand }, client] = await Promise.all([cognitoSdk(), cognito()]);
  do {
    const page = await client.send(new ListUsersInGroupCommand({ UserPoolId: userPoolConfig().USER_POOL_ID, GroupName: 'admin', NextToken }));
    users.push(...(page.Users ?? []));
    NextToken = page.NextToken;
  } while (NextToken);
  return users;
}

export async function listAdmins(): Promise<AdminUser[]> {
  const members = await adminGroupMembers();
  const ids = members.map((u) => attribute(u, 'sub')).filter((id): id is string => Boolean(id));
  const { data: profiles } = ids.length ? await db().profile.get(ids.map((userId) => ({ userId }))).go() : { data: [] };
  const byId = new Map(profiles.map((p) => [p.userId, p]));
  return members
    .map((user) => {
      const id = attribute(user, 'sub') ?? user.Username!;
      const profile = byId.get(id);
      const email = attribute(user, 'email') ?? profile?.email ?? '';
      // A display name that is only the e-mail again says nothing: the table shows 'No Name' instead.
      const name = profile?.displayName && profile.displayName !== email ? profile.displayName : null;
      return { id, email, displayName: name, createdAt: (user.UserCreateDate ?? new Date(0)).toISOString(), lastSignInAt: profile?.lastSignInAt ?? null };
    })
    .sort((a, b) => a.email.localeCompare(b.email));
}

async function findUserByEmail(email: string): Promise<UserType | null> {
  const { ListUsersCommand } = await cognitoSdk();
  const { Users } = await (await cognito()).send(new ListUsersCommand({ UserPoolId: userPoolConfig().USER_POOL_ID, Filter: `email = "${email.replace(/["\\]/g, '')}"`, Limit: 1 }));
  return Users?.[0] ?? null;
}

/**
 * Invite Admin: finds the user by e-mail or creates one (verified e-mail, a random password nobody knows; the mail
 * says to set one with 'Forgot password?'), adds the `admin` group, creates the profile if none, mails the invite.
 */
export async function inviteAdmin({ email }: AdminInvite): Promise<AdminUser> {
  const UserPoolId = userPoolConfig().USER_POOL_ID;
  let user = await findUserByEmail(email);
  const newAccount = user === null;
  if (!user) {
    const [{ AdminCreateUserCommand, AdminSetUserPasswordCommand }, client] = await Promise.all([cognitoSdk(), cognito()]);
    const created = await client.send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    user = created.User!;
    // CONFIRMED with a password nobody knows, so 'Forgot password?' can set the first one.
    await client.send(new AdminSetUserPasswordCommand({ UserPoolId, Username: user.Username!, Password: `${randomBytes(24).toString('base64url')}aA1!`, Permanent: true }));
  }
  const userId = attribute(user, 'sub') ?? user.Username!;
  await addUserToGroup(user.Username!, 'admin');
  await createProfileIfMissing({ userId, email, displayName: email, accountType: 'admin' });
  await sendMail(adminInviteMail({ to: email, signInLink: `${siteConfig().PUBLIC_ORIGIN.replace(/\/$/, '')}/auth?redirect=%2Fadmin`, newAccount }));
  const listed = (await listAdmins()).find((admin) => admin.id === userId);
  if (!listed) throw new AppError('INTERNAL', messages.admin.inviteFailed);
  return listed;
}

/** Remove Admin Access: only the `admin` group (spec 2 §4); the user's current tokens stop working at once. */
export async function removeAdmin(caller: Caller, userId: string): Promise<void> {
  if (userId === caller.userId) throw new AppError('CONFLICT', messages.admin.cannotRemoveSelf);
  const members = await adminGroupMembers();
  const target = members.find((u) => (attribute(u, 'sub') ?? u.Username) === userId);
  if (!target) throw notFound('Admin not found.');
  if (members.length <= 1) throw new AppError('CONFLICT', messages.admin.cannotRemoveLast);
  const { AdminRemoveUserFromGroupCommand } = await cognitoSdk();
  await (await cognito()).send(new AdminRemoveUserFromGroupCommand({ UserPoolId: userPoolConfig().USER_POOL_ID, Username: target.Username!, GroupName: 'admin' }));
  if ((await db().profile.get({ userId }).go()).data) await endSessions(userId);
}
