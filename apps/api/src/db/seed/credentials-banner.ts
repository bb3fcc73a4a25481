import { DEMO_OWNERS, DEMO_PASSWORD, type DemoAccount } from './data/demo-accounts';

export interface FirstStartCredentials {
  admin?: { email: string; password: string };
  demoAccounts: DemoAccount[];
}

const RULE = '='.repeat(72);

/**
 * The framed block printed once, when the seed has just created these accounts. The generated admin
 * password exists only in this text: it is not stored or logged anywhere else.
 */
export function credentialsBanner({ admin, demoAccounts }: FirstStartCredentials): string {
  const lines = [RULE, '  Safqa: accounts created on this first start (development data)', RULE];
  if (admin) {
    lines.push(
      '  Administrator',
      `    email:     ${admin.email}`,
      `    password:  ${admin.password}`,
      '    This password is shown only now and is not stored anywhere: keep it,',
      '    or set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own admin account.',
    );
  }
  if (demoAccounts.length > 0) {
    if (admin) lines.push('');
    lines.push(`  Demo accounts, all with the demo password:  ${DEMO_PASSWORD}`);
    for (const account of demoAccounts) {
      const owner = DEMO_OWNERS.some((o) => o.key === account.key);
      const role = [owner && 'owner', account.advisor && 'advisor'].filter(Boolean).join(' + ');
      lines.push(`    ${account.email.padEnd(28)} ${role.padEnd(17)} ${account.username}`);
    }
  }
  lines.push(RULE);
  return `\n${lines.join('\n')}\n\n`;
}
